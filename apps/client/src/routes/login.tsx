import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { SessionEndedNotice } from '../features/auth/SessionEndedNotice.tsx';
import { SignLayout } from '../layouts/SignLayout.tsx';
import { api, body, inlineAuth } from '../lib/api.ts';
import { messageOf } from '../lib/http.ts';
import { useLanguage } from '../state/language.tsx';
import { SessionContext } from '../state/session.tsx';
import { Page } from '../ui/Page.tsx';
import { useFieldError } from '../ui/use-field-error.ts';

/**
 * The sign-in schema brings zod and the contract (about 30 kB gzip, more than the rest of the page): fetched once the
 * reader is on the form or submits it, not before the page shows (issue 14). The BFF checks the same schema anyway.
 */
const loadValidation = () => import('../features/auth/validation.ts');

/**
 * "Sign in with your institution" (issue 30): its own chunk, fetched when the reader asks for it (or points at its
 * button), so the page's first load is the password form's. Back from the provider (/login?sso=…) it opens by
 * itself after hydration: the prerendered page is the same HTML whatever the query.
 */
const loadSso = () => import('../features/sso/load-sso-sign-in.ts').then((m) => m.loadSsoSignIn());
const SsoSignIn = lazy(() => loadSso().then((m) => ({ default: m.SsoSignIn })));

export default function LoginPage() {
  const { t } = useLingui();
  const language = useLanguage();
  const errorText = useFieldError();
  const session = SessionContext.useActorRef();
  const navigate = useNavigate();
  // Two fields in plain state: @mantine/form's hook is 6 kB gzip of the page's first load for them.
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** The institution's block: 0 closed, 1 opened on the way back from the provider, 2 by a click (focus goes there). */
  const [sso, setSso] = useState(0);
  const { search } = useLocation();
  useEffect(() => {
    if (search.includes('sso=')) setSso((open) => open || 1);
  }, [search]);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setFailure(null);
    setBusy(true);
    try {
      // ZLoginBody, the schema POST /api/login validates with (features/auth/validation.ts).
      const { validateLogin } = await loadValidation();
      const found = validateLogin({ email, password });
      setErrors(found);
      if (Object.keys(found).length) return;
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
        <form onSubmit={submit} noValidate onFocus={() => void loadValidation()}>
          <Stack>
            {!failure && <SessionEndedNotice />}
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
              onChange={(e) => {
                setEmail(e.currentTarget.value);
                setErrors(({ email: _, ...rest }) => rest);
              }}
              error={errorText(errors.email)}
              name="email"
            />
            <PasswordInput
              label={t`Password`}
              autoComplete="current-password"
              value={password}
              onChange={(e) => {
                setPassword(e.currentTarget.value);
                setErrors(({ password: _, ...rest }) => rest);
              }}
              error={errorText(errors.password)}
              name="password"
            />
            <Anchor component={Link} to="/password/forgot" size="sm">
              <Trans>Forgot your password?</Trans>
            </Anchor>
            <Button type="submit" loading={busy} fullWidth>
              <Trans>Sign in</Trans>
            </Button>
          </Stack>
        </form>
        <Stack mt="md">
          {sso ? (
            <Suspense>
              <SsoSignIn email={email} focus={sso > 1} />
            </Suspense>
          ) : (
            // Pointing at it (a tap too) already fetches the block's chunk.
            <Button
              variant="default"
              fullWidth
              onPointerEnter={loadSso}
              onClick={() => setSso(2)}
              // a second line at 320 px rather than an ellipsis, as the found institution's button
              h="auto"
              py={6}
              styles={{ inner: { minHeight: 32 }, label: { whiteSpace: 'normal', textAlign: 'center' } }}
            >
              <Trans>Sign in with your institution</Trans>
            </Button>
          )}
          <Text size="sm" ta="center">
            <Trans>No account yet?</Trans>{' '}
            <Anchor component={Link} to="/register">
              <Trans>Create a new account</Trans>
            </Anchor>
          </Text>
        </Stack>
      </SignLayout>
    </Page>
  );
}
