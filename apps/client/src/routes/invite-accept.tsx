import { Trans, useLingui } from '@lingui/react/macro';
import type { AccountInvitationView } from '@majlis/contracts/users';
import { Alert, Anchor, Button, Checkbox, Group, Loader, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { authValidation, PASSWORD_MISMATCH, preloadAuthValidation } from '../features/auth/load-validation.ts';
import { SignLayout } from '../layouts/SignLayout.tsx';
import { api, body, inlineAuth } from '../lib/api.ts';
import { ApiError, messageOf } from '../lib/http.ts';
import { fieldErrorsOf } from '../lib/server-errors.ts';
import { useLanguage } from '../state/language.tsx';
import { SessionContext, useSessionUser } from '../state/session.tsx';
import { Page } from '../ui/Page.tsx';
import { useFieldError } from '../ui/use-field-error.ts';

/**
 * Reached from the e-mailed invitation `/invite/<token>` (user management). A new person chooses a password here; an
 * existing Majlis user signs in first (the server checks it is the invited address) and joins with one button.
 */
export default function InviteAcceptPage() {
  const { t } = useLingui();
  const language = useLanguage();
  const errorText = useFieldError();
  const session = SessionContext.useActorRef();
  const signedIn = useSessionUser();
  const navigate = useNavigate();
  const token = useParams().token ?? '';
  const [invitation, setInvitation] = useState<AccountInvitationView | null>(null);
  // Kept, not its text: the message follows a language switch made while it shows.
  const [loadError, setLoadError] = useState<unknown>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm({ initialValues: { password: '', confirm: '', acceptTerms: false, ageConfirmed: false } });
  useEffect(preloadAuthValidation, []);

  useEffect(() => {
    let live = true;
    body(api['account-invitations'][':token'].$get({ param: { token } }, inlineAuth))
      .then((view) => live && setInvitation(view))
      .catch((err: unknown) => live && setLoadError(err ?? new Error('invitation failed')));
    return () => {
      live = false;
    };
  }, [token]);

  const accept = async (password?: string) => {
    setFailure(null);
    setBusy(true);
    try {
      // A new person ticks the two boxes registration asks for (spec §5); the server checks them again.
      const json = password === undefined ? {} : { password, acceptTerms: true as const, ageConfirmed: true as const };
      const { user } = await body(
        api['account-invitations'][':token'].accept.$post({ param: { token }, json }, inlineAuth),
      );
      session.send({ type: 'LOGIN', user });
      // Replace: going back must not land on a link that has been used.
      navigate('/dashbord/meeting', { replace: true });
    } catch (err) {
      const fields = fieldErrorsOf(err, language);
      form.setErrors(fields);
      if (!(err instanceof ApiError) || !Object.keys(fields).length) setFailure(err ?? new Error('accept failed'));
    } finally {
      setBusy(false);
    }
  };

  const submitNew = async (e: React.FormEvent) => {
    e.preventDefault();
    const { password, confirm, acceptTerms, ageConfirmed } = form.getValues();
    // The new-password rules (length, common passwords) POST …/accept applies; the token stands in for the reset's.
    const errors: Record<string, string> = { ...(await authValidation()).validateReset({ token, password, confirm }) };
    if (!acceptTerms) errors.acceptTerms = 'field.acceptTerms';
    if (!ageConfirmed) errors.ageConfirmed = 'field.ageConfirmed';
    form.setErrors(errors);
    if (Object.keys(errors).length) return;
    await accept(password);
  };

  const role = invitation?.role === 'admin' ? t`an official` : t`a member`;
  const name = invitation?.fname ?? '';
  const accountName = invitation?.accountName ?? '';
  const email = invitation?.email ?? '';
  const box = (field: 'acceptTerms' | 'ageConfirmed') => ({
    ...form.getInputProps(field, { type: 'checkbox' }),
    error: errorText(form.errors[field]),
  });
  const confirmError = form.errors.confirm === PASSWORD_MISMATCH ? t`The passwords do not match` : undefined;

  return (
    <Page title={t`Join an institution`}>
      <SignLayout title={<Trans>Join an institution</Trans>}>
        {loadError ? (
          <Stack>
            <Alert color="red" variant="light" role="alert" data-testid="invite-error">
              {messageOf(loadError, language, t`An error occurred, try again`)}
            </Alert>
            <Anchor component={Link} to="/login">
              <Trans>Back to sign in</Trans>
            </Anchor>
          </Stack>
        ) : !invitation ? (
          <Group role="status" gap="sm" wrap="nowrap">
            <Loader size="sm" aria-hidden />
            <Text>
              <Trans>Opening the invitation…</Trans>
            </Text>
          </Group>
        ) : (
          <Stack>
            <Text style={{ overflowWrap: 'anywhere' }}>
              <Trans>
                Hello {name}, you are invited to join {accountName} as {role}.
              </Trans>
            </Text>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              <Trans>Invitation sent to {email}</Trans>
            </Text>
            {failure ? (
              <Alert color="red" variant="light" role="alert">
                {messageOf(failure, language, t`An error occurred, try again`)}
              </Alert>
            ) : null}
            {invitation.existingUser ? (
              signedIn ? (
                <Button loading={busy} onClick={() => accept()}>
                  <Trans>Join {accountName}</Trans>
                </Button>
              ) : (
                <>
                  <Text>
                    <Trans>
                      You already have a Majlis account with this e-mail. Sign in with it, then open the link in your
                      e-mail again to join.
                    </Trans>
                  </Text>
                  <Button component={Link} to="/login">
                    <Trans>Sign in</Trans>
                  </Button>
                </>
              )
            ) : (
              <form onSubmit={submitNew} noValidate>
                <Stack>
                  <PasswordInput
                    label={t`Choose a password`}
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
                  <Checkbox
                    name="acceptTerms"
                    {...box('acceptTerms')}
                    label={
                      <Trans>
                        I accept the{' '}
                        <Anchor component={Link} to="/home/conditions" target="_blank" inherit>
                          terms and conditions
                        </Anchor>
                      </Trans>
                    }
                  />
                  <Checkbox name="ageConfirmed" {...box('ageConfirmed')} label={t`I am over 12 years old`} />
                  <Button type="submit" loading={busy}>
                    <Trans>Join {accountName}</Trans>
                  </Button>
                </Stack>
              </form>
            )}
          </Stack>
        )}
      </SignLayout>
    </Page>
  );
}
