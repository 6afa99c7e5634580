import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Button, Code, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { fieldErrorsOf, formErrorOf } from '../../lib/server-errors.ts';
import { useLanguage } from '../../state/language.tsx';
import { queryKeys } from '../../state/query-keys.ts';
import { useFieldError } from '../../ui/use-field-error.ts';
import { profileApi } from '../profile/api.ts';
import { type DomainBody, type DomainList, type DomainView, domainsApi } from './api.ts';

type JoinMode = DomainBody['joinMode'];

/**
 * Issue 30, the owner's verified domains: claim one, prove it by its DNS TXT record, choose whether people with an
 * address there join at once or wait for an official's approval, give it up. Only the owner gets here.
 */
export function DomainsCard() {
  const institution = useQuery({ queryKey: queryKeys.profile.institution, queryFn: profileApi.institution });
  const { data } = useQuery({
    queryKey: queryKeys.profile.domains,
    queryFn: domainsApi.list,
    enabled: institution.data?.editable === true,
  });
  if (!data) return null;
  return <Domains list={data} />;
}

function useJoinModes() {
  const { t } = useLingui();
  return [
    { value: 'auto', label: t`They join as members at once` },
    { value: 'approval', label: t`They wait for an official's approval` },
  ];
}

function Domains({ list }: { list: DomainList }) {
  const { t } = useLingui();
  const language = useLanguage();
  const errorText = useFieldError();
  const queryClient = useQueryClient();
  const modes = useJoinModes();
  const form = useForm<DomainBody>({ initialValues: { domain: '', joinMode: 'auto' } });
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const add = form.onSubmit(async (values) => {
    setFormError(null);
    setBusy(true);
    try {
      const { domain } = await domainsApi.add({ ...values, domain: values.domain.trim() });
      queryClient.setQueryData<DomainList>(queryKeys.profile.domains, (old) => ({
        domains: [...(old?.domains ?? []), domain],
      }));
      form.reset();
    } catch (error) {
      form.setErrors(fieldErrorsOf(error, language));
      setFormError(formErrorOf(error, language, t`An error occurred, try again`));
    } finally {
      setBusy(false);
    }
  });

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby="profile-domains">
      <Title order={2} size="h4" mb="xs" id="profile-domains">
        <Trans>Your institution's domains</Trans>
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        <Trans>People who register or sign in with an address at a domain you prove join your institution.</Trans>
      </Text>
      <Stack>
        {list.domains.map((d) => (
          <DomainRow key={d.id} domain={d} />
        ))}
        <form noValidate onSubmit={add}>
          <Stack gap="sm">
            {formError && (
              <Alert color="red" variant="light" role="alert">
                {formError}
              </Alert>
            )}
            <TextInput
              label={t`Domain`}
              placeholder="example.edu"
              dir="ltr"
              {...form.getInputProps('domain')}
              error={errorText(form.errors.domain)}
            />
            <Select
              label={t`When someone with an address there arrives`}
              data={modes}
              allowDeselect={false}
              {...form.getInputProps('joinMode')}
              comboboxProps={{ withinPortal: true }}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={busy}>
                <Trans>Add domain</Trans>
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Paper>
  );
}

function DomainRow({ domain }: { domain: DomainView }) {
  const { t } = useLingui();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const modes = useJoinModes();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<'verify' | 'mode' | 'remove' | null>(null);

  const put = (next: DomainView) =>
    queryClient.setQueryData<DomainList>(queryKeys.profile.domains, (old) => ({
      domains: (old?.domains ?? []).map((d) => (d.id === next.id ? next : d)),
    }));
  const act = async (what: 'verify' | 'mode' | 'remove', run: () => Promise<void>) => {
    setFailure(null);
    setBusy(what);
    try {
      await run();
    } catch (error) {
      setFailure(formErrorOf(error, language, t`An error occurred, try again`));
    } finally {
      setBusy(null);
    }
  };
  const verify = () =>
    act('verify', async () => {
      const answer = await domainsApi.verify(domain.id);
      put(answer.domain);
    });
  const setMode = (joinMode: JoinMode) =>
    act('mode', async () => {
      put((await domainsApi.setMode(domain.id, joinMode)).domain);
    });
  const remove = () =>
    act('remove', async () => {
      queryClient.setQueryData(queryKeys.profile.domains, await domainsApi.remove(domain.id));
    });

  return (
    <Paper withBorder radius="sm" p="sm" data-testid="domain-row">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Text fw={600} dir="ltr" style={{ overflowWrap: 'anywhere' }}>
            {domain.domain}
          </Text>
          {domain.verifiedAt ? (
            <Badge color="green" variant="light">
              <Trans>Proved</Trans>
            </Badge>
          ) : (
            <Badge color="yellow" variant="light">
              <Trans>Not proved yet</Trans>
            </Badge>
          )}
        </Group>
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        {!domain.verifiedAt && (
          <div>
            <Text size="sm">
              <Trans>Add this TXT record at the domain, then check it:</Trans>
            </Text>
            {/* On its own line, left to right: inside an Arabic sentence it would break at its first letter. */}
            <Code block dir="ltr" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
              {domain.txtRecord}
            </Code>
          </div>
        )}
        <Select
          label={t`When someone with an address there arrives`}
          data={modes}
          value={domain.joinMode}
          allowDeselect={false}
          disabled={busy === 'mode'}
          onChange={(value) => value && value !== domain.joinMode && void setMode(value as JoinMode)}
          comboboxProps={{ withinPortal: true }}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="subtle" color="red" loading={busy === 'remove'} onClick={() => void remove()}>
            <Trans>Remove</Trans>
          </Button>
          {!domain.verifiedAt && (
            <Button variant="default" loading={busy === 'verify'} onClick={() => void verify()}>
              <Trans>Check the record</Trans>
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
