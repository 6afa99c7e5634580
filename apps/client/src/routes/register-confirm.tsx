import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Group, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { SignLayout } from '../layouts/SignLayout.tsx';
import { api, body, inlineAuth } from '../lib/api.ts';
import { messageOf } from '../lib/http.ts';
import { useLanguage } from '../state/language.tsx';
import { SessionContext } from '../state/session.tsx';
import { Page } from '../ui/Page.tsx';

/** Reached from the e-mailed link `/register/confirm?token=...`: makes the account and signs in. */
export default function RegisterConfirmPage() {
  const { t } = useLingui();
  const language = useLanguage();
  const session = SessionContext.useActorRef();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  // Kept, not its text: the message follows a language switch made while it shows.
  const [error, setError] = useState<unknown>(null);
  // The token works once: React's strict mode runs effects twice, so remember which token was already sent.
  const sent = useRef<string | null>(null);

  useEffect(() => {
    if (!token || sent.current === token) return;
    sent.current = token;
    setError(null);
    body(api.register.confirm.$post({ json: { token } }, inlineAuth))
      .then(({ user }) => {
        session.send({ type: 'LOGIN', user });
        // Replace: going back must not land on a link that has been used.
        navigate('/dashbord/meeting', { replace: true });
      })
      .catch((err: unknown) => setError(err ?? new Error('register/confirm failed')));
  }, [token, session, navigate]);

  return (
    <Page title={t`Finish creating your account`}>
      <SignLayout title={<Trans>Finish creating your account</Trans>}>
        {!token ? (
          <Stack>
            <Alert color="red" variant="light" role="alert">
              <Trans>This link is not complete. Register again to get a new one.</Trans>
            </Alert>
            <Anchor component={Link} to="/register">
              <Trans>Register again</Trans>
            </Anchor>
          </Stack>
        ) : error ? (
          <Stack>
            <Alert color="red" variant="light" role="alert" data-testid="register-confirm-error">
              {messageOf(error, language, t`An error occurred, try again`)}
            </Alert>
            <Group justify="space-between">
              <Anchor component={Link} to="/register">
                <Trans>Register again</Trans>
              </Anchor>
              <Anchor component={Link} to="/login">
                <Trans>Back to sign in</Trans>
              </Anchor>
            </Group>
          </Stack>
        ) : (
          <Group role="status" gap="sm" wrap="nowrap">
            <Loader size="sm" aria-hidden />
            <Text>
              <Trans>Creating your account…</Trans>
            </Text>
          </Group>
        )}
      </SignLayout>
    </Page>
  );
}
