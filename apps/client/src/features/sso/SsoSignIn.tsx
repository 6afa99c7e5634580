import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Divider, Group, Stack, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { api, body } from '../../lib/api.ts';
import { messageOf } from '../../lib/http.ts';
import { useLanguage } from '../../state/language.tsx';
import { SessionContext } from '../../state/session.tsx';
import { ssoApi, ssoStartUrl } from './api.ts';

/**
 * Issue 30, on /login: "Sign in with <institution>", the institution found by the visitor's e-mail (its verified
 * domain) or its short name. The button is a plain link to /api/auth/oidc/start: the browser goes to the provider
 * and comes back signed in, or to /login?sso=<why not>, said here. /login loads it on demand (its own chunk): with the
 * e-mail already typed in the password form, the search starts from it at once; opened by a click, it takes the focus.
 */
export function SsoSignIn({ email = '', focus = false }: { email?: string; focus?: boolean }) {
  const { t } = useLingui();
  const language = useLanguage();
  const [params] = useSearchParams();
  const answer = params.get('sso');
  const refused = answer === 'signed-in' ? null : answer;
  const session = SessionContext.useActorRef();
  const navigate = useNavigate();
  // Back from the provider signed in: the user is stored as a password sign-in stores it, then the dashboard.
  useEffect(() => {
    if (answer !== 'signed-in') return;
    void body(api.auth.oidc.session.$get()).then(({ user }) => {
      session.send({ type: 'LOGIN', user });
      navigate('/dashbord/meeting');
    });
  }, [answer, session, navigate]);
  const typed = email.trim();
  const [query, setQuery] = useState(typed.includes('@') ? typed : '');
  const [found, setFound] = useState<{ name: string; shortName: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const refusals: Record<string, string> = {
    SSO_EMAIL_UNVERIFIED: t`Your institution's provider has not verified your e-mail address, so Majlis cannot sign you in with it`,
    SSO_OTHER_DOMAIN: t`Your e-mail address belongs to another institution. Sign in through that institution`,
    MEMBERSHIP_INACTIVE: t`Your access to this institution was deactivated. Contact its owner or officials`,
    ACCOUNT_INACTIVE: t`Your account is deactivated`,
    DOMAIN_APPROVAL_PENDING: t`Your request to join your institution is waiting for its officials' approval`,
  };
  const refusal = refused
    ? (refusals[refused] ?? t`Sign-in through your institution did not complete. Start again from the sign-in page`)
    : null;

  const search = async (q: string) => {
    setFailure(null);
    setFound(null);
    if (q.length < 2) return;
    setBusy(true);
    try {
      const answer = await ssoApi.find(q);
      if (answer.institution) setFound(answer.institution);
      else setFailure(t`No institution signs in through its own provider with this e-mail or short name`);
    } catch (error) {
      setFailure(messageOf(error, language, t`An error occurred, try again`));
    } finally {
      setBusy(false);
    }
  };
  const find = (e: React.FormEvent) => {
    e.preventDefault();
    void search(query.trim());
  };
  // Opened by the reader: the focus comes here, and an e-mail typed above is looked up at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the block opens
  useEffect(() => {
    if (!focus) return;
    input.current?.focus();
    if (typed.includes('@')) void search(typed);
  }, []);

  return (
    <Stack gap="sm">
      <Divider label={t`or`} labelPosition="center" />
      {refusal && (
        <Alert color="red" role="alert" variant="light">
          {refusal}
        </Alert>
      )}
      <form onSubmit={find} noValidate>
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            label={t`Your institution's e-mail or short name`}
            dir="ltr"
            name="sso"
            ref={input}
            value={query}
            onChange={(e) => setQuery(e.currentTarget.value)}
            error={failure ?? undefined}
          />
          <Button type="submit" variant="default" loading={busy}>
            <Trans>Find</Trans>
          </Button>
        </Group>
      </form>
      {found && (
        <Button
          component="a"
          href={ssoStartUrl(query.includes('@') ? query.trim() : found.shortName)}
          fullWidth
          // A long institution name takes a second line rather than an ellipsis (360 px), centred in the button.
          h="auto"
          py={6}
          styles={{ inner: { minHeight: 32 }, label: { whiteSpace: 'normal', textAlign: 'center' } }}
        >
          {/* One span: the label is a flex box, which would set the words and the name apart as two columns. */}
          <span>
            <Trans>
              Sign in with <bdi>{found.name}</bdi>
            </Trans>
          </span>
        </Button>
      )}
    </Stack>
  );
}
