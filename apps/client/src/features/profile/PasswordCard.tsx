import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Paper, PasswordInput, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { formatNumber } from '../../lib/format.ts';
import { fieldErrorsOf, formErrorOf } from '../../lib/server-errors.ts';
import { useLanguage } from '../../state/language.tsx';
import { toast } from '../../ui/toast.ts';
import { useFieldError } from '../../ui/use-field-error.ts';
import { profileApi } from './api.ts';
import { PASSWORD_MISMATCH, type PasswordForm, validatePassword } from './profile-form.ts';

const EMPTY: PasswordForm = { currentPassword: '', newPassword: '', confirm: '' };

/** The current password, then the new one twice; every other session of the user ends (said in the toast). */
export function PasswordCard({ onChanged }: { onChanged: () => void }) {
  const { t } = useLingui();
  const language = useLanguage();
  const errorText = useFieldError();
  const form = useForm<PasswordForm>({ initialValues: EMPTY, validate: validatePassword });
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = (field: keyof PasswordForm) => ({
    ...form.getInputProps(field),
    error: form.errors[field] === PASSWORD_MISMATCH ? t`The passwords do not match` : errorText(form.errors[field]),
  });

  const submit = form.onSubmit(async ({ currentPassword, newPassword }) => {
    setFormError(null);
    setBusy(true);
    try {
      const { endedSessions } = await profileApi.changePassword({ currentPassword, newPassword });
      const n = formatNumber(language, endedSessions);
      toast.success(
        plural(endedSessions, {
          0: 'Your password was changed',
          one: `Your password was changed; ${n} other session was signed out`,
          other: `Your password was changed; ${n} other sessions were signed out`,
        }),
      );
      form.setValues(EMPTY);
      onChanged();
    } catch (error) {
      form.setErrors(fieldErrorsOf(error, language));
      setFormError(formErrorOf(error, language, t`An error occurred, try again`));
    } finally {
      setBusy(false);
    }
  });

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby="profile-password">
      <Title order={2} size="h4" mb="md" id="profile-password">
        <Trans>Change the password</Trans>
      </Title>
      <form noValidate onSubmit={submit}>
        <Stack>
          {formError && (
            <Alert color="red" variant="light" role="alert">
              {formError}
            </Alert>
          )}
          <PasswordInput label={t`Current password`} autoComplete="current-password" {...input('currentPassword')} />
          <PasswordInput
            label={t`New password`}
            autoComplete="new-password"
            description={t`At least 8 characters`}
            {...input('newPassword')}
          />
          <PasswordInput label={t`Confirm the password`} autoComplete="new-password" {...input('confirm')} />
          <Group justify="flex-end">
            <Button type="submit" loading={busy}>
              <Trans>Change the password</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
