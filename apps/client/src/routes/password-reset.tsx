import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { MESSAGES, validatePassword } from '../features/auth/validation.ts';
import { SignLayout } from '../layouts/SignLayout.tsx';
import { api, body, inlineAuth } from '../lib/api.ts';
import { messageOf } from '../lib/http.ts';
import { useLanguage } from '../state/language.tsx';
import { Page } from '../ui/Page.tsx';

/** Reached from the e-mailed link `/password/reset?token=...`. */
export default function ResetPasswordPage() {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const found = validatePassword(password, confirm);
    setErrors({
      password: found.password && i18n._(MESSAGES[found.password]),
      confirm: found.confirm && i18n._(MESSAGES[found.confirm]),
    });
    setFailure(null);
    if (found.password || found.confirm) return;
    setBusy(true);
    try {
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
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
                error={errors.password}
              />
              <PasswordInput
                label={t`Confirm the password`}
                name="confirm"
                autoComplete="new-password"
                value={confirm}
                onChange={(e) => setConfirm(e.currentTarget.value)}
                error={errors.confirm}
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
