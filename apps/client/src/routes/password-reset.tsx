import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { authValidation, PASSWORD_MISMATCH, preloadAuthValidation } from '../features/auth/load-validation.ts';
import { SignLayout } from '../layouts/SignLayout.tsx';
import { api, body, inlineAuth } from '../lib/api.ts';
import { messageOf } from '../lib/http.ts';
import { useLanguage } from '../state/language.tsx';
import { Page } from '../ui/Page.tsx';
import { useFieldError } from '../ui/use-field-error.ts';

/** Reached from the e-mailed link `/password/reset?token=...`. */
export default function ResetPasswordPage() {
  const { t } = useLingui();
  const language = useLanguage();
  const errorText = useFieldError();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const form = useForm({ initialValues: { password: '', confirm: '' } });
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(preloadAuthValidation, []);
  const confirmError = form.errors.confirm === PASSWORD_MISMATCH ? t`The passwords do not match` : undefined;

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const { password, confirm } = form.getValues();
    setFailure(null);
    setBusy(true);
    try {
      // ZResetBody's new-password rules (length, common passwords), the ones POST /api/password/reset applies.
      const errors = (await authValidation()).validateReset({ token, password, confirm });
      form.setErrors(errors);
      if (Object.keys(errors).length) return;
      await body(api.password.reset.$post({ json: { token, password } }, inlineAuth));
      setDone(true);
    } catch (err) {
      setFailure(messageOf(err, language, t`An error occurred, try again`));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page title={t`Choose a new password`}>
      <SignLayout title={<Trans>Choose a new password</Trans>}>
        {done ? (
          <Stack>
            <Alert color="teal" variant="light" role="status">
              <Trans>Your password has been changed. You can sign in with it now.</Trans>
            </Alert>
            <Button component={Link} to="/login">
              <Trans>Sign in</Trans>
            </Button>
          </Stack>
        ) : !token ? (
          <Stack>
            <Alert color="red" variant="light" role="alert">
              <Trans>This link is not complete. Ask for a new one.</Trans>
            </Alert>
            <Anchor component={Link} to="/password/forgot">
              <Trans>Ask for a new link</Trans>
            </Anchor>
          </Stack>
        ) : (
          <form onSubmit={submit} noValidate>
            <Stack>
              {failure && (
                <Alert color="red" role="alert" variant="light">
                  {failure}{' '}
                  <Anchor component={Link} to="/password/forgot" size="sm">
                    <Trans>Ask for a new link</Trans>
                  </Anchor>
                </Alert>
              )}
              <PasswordInput
                label={t`New password`}
                name="password"
                autoComplete="new-password"
                description={t`At least 8 characters`}
                {...form.getInputProps('password')}
                error={errorText(form.errors.password)}
              />
              <PasswordInput
                label={t`Confirm the password`}
                name="confirm"
                autoComplete="new-password"
                {...form.getInputProps('confirm')}
                error={confirmError}
              />
              <Button type="submit" loading={busy}>
                <Trans>Save the new password</Trans>
              </Button>
            </Stack>
          </form>
        )}
      </SignLayout>
    </Page>
  );
}
