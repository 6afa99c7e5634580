import { Trans, useLingui } from '@lingui/react/macro';
import { type PriceList, ZTransferBody } from '@majlis/contracts/billing';
import { Alert, Badge, Button, Card, Checkbox, Group, List, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { api, body } from '../../lib/api.ts';
import { topLevelErrors } from '../../lib/field-errors.ts';
import { hardNavigation } from '../../lib/navigation.ts';
import { fieldErrorsOf, formErrorOf } from '../../lib/server-errors.ts';
import { useAccount } from '../../state/account.tsx';
import { useLanguage } from '../../state/language.tsx';
import { useFieldError } from '../../ui/use-field-error.ts';
import { formatMoney } from './labels.ts';

// The schema the BFF validates with: the institution's name, and the box that says it cannot be undone.
const checkBody = schemaResolver(ZTransferBody, { sync: true });

/**
 * Individual → enterprise (spec §4: free, irreversible; the 2 USD base shown struck through). Only the owner of a
 * personal account sees it. The dashboard is reloaded afterwards: the sidebar, permissions and session all change
 * (the server gives the session a new id), the way an account switch reloads.
 */
export function TransferCard() {
  const account = useAccount();
  const eligible = account.type?.type === 'indv' && account.type.accountType === 'owner';
  return eligible ? <TransferOffer /> : null;
}

function TransferOffer() {
  const { t } = useLingui();
  const language = useLanguage();
  const errorText = useFieldError();
  const [opened, setOpened] = useState(false);
  const [base, setBase] = useState<PriceList['transfer'][number] | null>(null);
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { name: '', confirm: false },
    validate: (values) => topLevelErrors(checkBody({ name: values.name, confirm: values.confirm })),
  });

  useEffect(() => {
    let live = true;
    body(api.billing.prices.$get())
      .then((list) => live && setBase(list.transfer.find((p) => p.currency === 'USD') ?? list.transfer[0] ?? null))
      // Without the list the offer still stands: it is free either way, only the struck-through base is missing.
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);

  const open = () => {
    form.reset();
    setFormError(null);
    setOpened(true);
  };

  const submit = form.onSubmit(async ({ name }) => {
    setFormError(null);
    setBusy(true);
    try {
      await body(api.billing.transfer.$post({ json: { name: name.trim(), confirm: true } }));
      hardNavigation.reload();
    } catch (error) {
      form.setErrors(fieldErrorsOf(error, language));
      setFormError(formErrorOf(error, language, t`An error occurred, try again`));
      setBusy(false);
    }
  });

  return (
    <Card withBorder radius="md" padding="lg" data-testid="transfer-card">
      <Group justify="space-between" align="flex-start" gap="xs">
        <Title order={2} size="h4">
          <Trans>Move to an enterprise account</Trans>
        </Title>
        <Group gap={6} wrap="nowrap">
          {base && (
            <Text
              component="s"
              c="dimmed"
              size="sm"
              aria-label={t`Usual price ${formatMoney(language, base.amountMinor, base.currency)}`}
            >
              {formatMoney(language, base.amountMinor, base.currency)}
            </Text>
          )}
          <Badge color="teal.9" variant="outline">
            <Trans>Free</Trans>
          </Badge>
        </Group>
      </Group>
      <Text size="sm" mt="xs">
        <Trans>An enterprise account gives your organisation:</Trans>
      </Text>
      <List size="sm" mt={4} spacing={2}>
        <List.Item>
          <Trans>Users: add admins and members</Trans>
        </List.Item>
        <List.Item>
          <Trans>Teams with their own chat</Trans>
        </List.Item>
        <List.Item>
          <Trans>More than one room, each assigned to a user</Trans>
        </List.Item>
        <List.Item>
          <Trans>Reports on meetings, rooms and users</Trans>
        </List.Item>
      </List>
      <Text size="sm" c="dimmed" mt="xs">
        <Trans>Your rooms, meetings and recordings stay as they are. The move cannot be undone.</Trans>
      </Text>
      <Group mt="md">
        <Button variant="light" onClick={open} data-testid="transfer-open">
          <Trans>Move to enterprise</Trans>
        </Button>
      </Group>

      <Modal
        opened={opened}
        onClose={() => !busy && setOpened(false)}
        title={t`Move to an enterprise account`}
        centered
      >
        <form noValidate onSubmit={submit}>
          <Stack>
            {formError && (
              <Alert color="red" variant="light" role="alert">
                {formError}
              </Alert>
            )}
            <TextInput
              label={t`Institution name`}
              {...form.getInputProps('name')}
              error={errorText(form.errors.name)}
              required
              data-autofocus
              data-testid="transfer-name"
            />
            <Checkbox
              {...form.getInputProps('confirm', { type: 'checkbox' })}
              error={errorText(form.errors.confirm)}
              label={t`I understand that this cannot be undone: the account cannot go back to individual`}
              data-testid="transfer-confirm"
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpened(false)} disabled={busy}>
                <Trans>Cancel</Trans>
              </Button>
              <Button type="submit" color="red" loading={busy} data-testid="transfer-submit">
                <Trans>Move to enterprise</Trans>
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Card>
  );
}
