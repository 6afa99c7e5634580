import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { MESSAGES, validateEmail } from '../features/auth/validation.ts';
import { SignLayout } from '../layouts/SignLayout.tsx';
import { api, body, inlineAuth } from '../lib/api.ts';
import { messageOf } from '../lib/http.ts';
import { useLanguage } from '../state/language.tsx';
import { SessionContext } from '../state/session.tsx';
import { Page } from '../ui/Page.tsx';

export default function LoginPage() {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const session = SessionContext.useActorRef();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const emailError = validateEmail(email);
    const next = {
      email: emailError ? i18n._(MESSAGES[emailError]) : undefined,
      password: password ? undefined : i18n._(MESSAGES.password),
    };
    setErrors(next);
    setFailure(null);
    if (next.email || next.password) return;
    setBusy(true);
    try {
      // A wrong password answers 401: shown here, it must not trigger the global sign-out rule.
      const { user } = await body(api.login.$post({ json: { email: email.trim(), password } }, inlineAuth));
      session.send({ type: 'LOGIN', user });
      navigate('/dashbord/meeting');
    } catch (error) {
      setFailure(messageOf(error, language, t`An error occurred, try again`));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page title={t`Sign in`}>
      <SignLayout title={<Trans>Sign in</Trans>}>
        <form onSubmit={submit} noValidate>
          <Stack>
            {failure && (
              <Alert color="red" role="alert" variant="light">
                {failure}
              </Alert>
            )}
            <TextInput
              label={t`E-mail`}
              type="email"
              autoComplete="email"
              dir="ltr"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              error={errors.email}
              name="email"
            />
            <PasswordInput
              label={t`Password`}
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              error={errors.password}
              name="password"
            />
            <Anchor component={Link} to="/password/forgot" size="sm">
              <Trans>Forgot your password?</Trans>
            </Anchor>
            <Button type="submit" loading={busy} fullWidth>
              <Trans>Sign in</Trans>
            </Button>
            <Text size="sm" ta="center">
              <Trans>No account yet?</Trans>{' '}
              <Anchor component={Link} to="/register">
                <Trans>Create a new account</Trans>
              </Anchor>
            </Text>
          </Stack>
        </form>
      </SignLayout>
    </Page>
  );
}
