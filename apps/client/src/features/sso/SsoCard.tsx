import { Trans, useLingui } from '@lingui/react/macro';
import { ZSsoBody } from '@majlis/contracts/sso';
import {
  Alert,
  Button,
  Checkbox,
  Code,
  Group,
  Paper,
  PasswordInput,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { topLevelErrors } from '../../lib/field-errors.ts';
import { fieldErrorsOf, formErrorOf } from '../../lib/server-errors.ts';
import { useLanguage } from '../../state/language.tsx';
import { queryKeys } from '../../state/query-keys.ts';
import { toast } from '../../ui/toast.ts';
import { useFieldError } from '../../ui/use-field-error.ts';
import { profileApi } from '../profile/api.ts';
import { type SsoBody, type SsoSettings, ssoApi } from './api.ts';

// The schema PUT /api/account/sso validates with; the secret may stay empty once one is stored.
const checkBody = schemaResolver(ZSsoBody, { sync: true });

/** Issue 30: the owner's sign-in through the institution's own OpenID Connect provider; nothing for anyone else. */
export function SsoCard() {
  // The institution card's read (one request for both): only its owner may edit, and only the owner gets here.
  const institution = useQuery({ queryKey: queryKeys.profile.institution, queryFn: profileApi.institution });
  const { data } = useQuery({
    queryKey: queryKeys.profile.sso,
    queryFn: ssoApi.settings,
    enabled: institution.data?.editable === true,
  });
  if (!data) return null;
  return <SsoForm settings={data} />;
}

function SsoForm({ settings }: { settings: SsoSettings }) {
  const { t } = useLingui();
  const language = useLanguage();
  const errorText = useFieldError();
  const queryClient = useQueryClient();
  const stored = settings.sso;
  const form = useForm<SsoBody>({
    initialValues: {
      shortName: stored?.shortName ?? '',
      issuer: stored?.issuer ?? '',
      clientId: stored?.clientId ?? '',
      clientSecret: '',
      passwordsAllowed: stored?.passwordsAllowed ?? true,
      defaultRole: stored?.defaultRole ?? 'member',
    },
    validate: (values) => {
      const errors = topLevelErrors(checkBody(values));
      if (!stored && !values.clientSecret) errors.clientSecret = 'field.ssoClientSecret';
      return errors;
    },
  });
  const [formError, setFormError] = useState<string | null>(null);
  const [tested, setTested] = useState<string | null>(null);
  const [busy, setBusy] = useState<'save' | 'test' | null>(null);

  const run = (what: 'save' | 'test') =>
    form.onSubmit(async (values) => {
      setFormError(null);
      setTested(null);
      setBusy(what);
      try {
        if (what === 'test') {
          const answer = await ssoApi.test(values);
          setTested(answer.issuer);
        } else {
          const saved = await ssoApi.save(values);
          queryClient.setQueryData(queryKeys.profile.sso, saved);
          form.setFieldValue('clientSecret', '');
          toast.success(t`Sign-in through your provider was saved`);
        }
      } catch (error) {
        form.setErrors(fieldErrorsOf(error, language));
        setFormError(formErrorOf(error, language, t`An error occurred, try again`));
      } finally {
        setBusy(null);
      }
    });

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby="profile-sso">
      <Title order={2} size="h4" mb="xs" id="profile-sso">
        <Trans>Sign-in through your institution's provider</Trans>
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        <Trans>
          Your people sign in with the accounts they already have (Google Workspace, Microsoft Entra ID, Keycloak …).
          Register Majlis at your OpenID Connect provider with this redirect address:
        </Trans>{' '}
        <Code dir="ltr" style={{ wordBreak: 'break-all' }}>
          {settings.redirectUri}
        </Code>
      </Text>
      <Text size="sm" c="dimmed" mb="md">
        <Trans>
          If your provider can tell Majlis when someone signs out there (OpenID Connect back-channel sign-out), give it
          this address too: their Majlis sessions then end at once.
        </Trans>{' '}
        <Code dir="ltr" style={{ wordBreak: 'break-all' }} data-testid="sso-logout-uri">
          {settings.backchannelLogoutUri}
        </Code>
      </Text>
      <form noValidate onSubmit={run('save')}>
        <Stack>
          {formError && (
            <Alert color="red" variant="light" role="alert">
              {formError}
            </Alert>
          )}
          {tested && (
            <Alert color="green" variant="light" role="status">
              <Trans>The provider answered and accepted the client ID and secret.</Trans>
            </Alert>
          )}
          <TextInput
            label={t`Short name`}
            description={t`What your people type on the sign-in page to find your institution`}
            dir="ltr"
            // a technical value, in ASCII whatever the reader's digits (as an IP address is)
            data-latin=""
            required
            {...form.getInputProps('shortName')}
            error={errorText(form.errors.shortName)}
          />
          <TextInput
            label={t`Issuer address`}
            placeholder="https://accounts.example.edu/realms/staff"
            dir="ltr"
            // a technical value, in ASCII whatever the reader's digits (as an IP address is)
            data-latin=""
            required
            {...form.getInputProps('issuer')}
            error={errorText(form.errors.issuer)}
          />
          <TextInput
            label={t`Client ID`}
            dir="ltr"
            // a technical value, in ASCII whatever the reader's digits (as an IP address is)
            data-latin=""
            required
            {...form.getInputProps('clientId')}
            error={errorText(form.errors.clientId)}
          />
          <PasswordInput
            label={t`Client secret`}
            description={stored ? t`Stored encrypted. Leave empty to keep it.` : undefined}
            dir="ltr"
            // a technical value, in ASCII whatever the reader's digits (as an IP address is)
            data-latin=""
            autoComplete="off"
            required={!stored}
            {...form.getInputProps('clientSecret')}
            error={errorText(form.errors.clientSecret)}
          />
          <Select
            label={t`Role on first sign-in`}
            data={[
              { value: 'member', label: t`Member` },
              { value: 'admin', label: t`Admin` },
            ]}
            allowDeselect={false}
            {...form.getInputProps('defaultRole')}
            comboboxProps={{ withinPortal: true }}
          />
          <Checkbox
            label={t`Members may also sign in with a password`}
            description={t`The owner always keeps the password.`}
            {...form.getInputProps('passwordsAllowed', { type: 'checkbox' })}
          />
          <Group justify="flex-end">
            <Button variant="default" loading={busy === 'test'} onClick={() => run('test')()}>
              <Trans>Test connection</Trans>
            </Button>
            <Button type="submit" loading={busy === 'save'}>
              <Trans>Save</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
