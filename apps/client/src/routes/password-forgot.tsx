import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link } from 'react-router';
import { validateForgot } from '../features/auth/validation.ts';
import { SignLayout } from '../layouts/SignLayout.tsx';
import { api, body, inlineAuth } from '../lib/api.ts';
import { messageOf } from '../lib/http.ts';
import { useLanguage } from '../state/language.tsx';
import { Page } from '../ui/Page.tsx';
import { useFieldError } from '../ui/use-field-error.ts';

/** The server answers the same for every address, so this page never says whether an account exists. */
export default function ForgotPasswordPage() {
  const { t } = useLingui();
  const language = useLanguage();
  const errorText = useFieldError();
  const form = useForm({ initialValues: { email: '' } });
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const { email } = form.getValues();
    setFailure(null);
    setBusy(true);
    try {
      // ZForgotBody, the schema POST /api/password/forgot validates with.
      const errors = validateForgot({ email });
      form.setErrors(errors);
      if (Object.keys(errors).length) return;
      await body(api.password.forgot.$post({ json: { email: email.trim() } }, inlineAuth));
      setSent(true);
    } catch (err) {
      setFailure(messageOf(err, language, t`An error occurred, try again`));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page title={t`Reset your password`}>
      <SignLayout title={<Trans>Reset your password</Trans>}>
        {sent ? (
          <Stack>
            <Alert color="teal" variant="light" role="status">
              <Trans>If an account uses this address, we have sent it a link to choose a new password.</Trans>
            </Alert>
            <Anchor component={Link} to="/login">
              <Trans>Back to sign in</Trans>
            </Anchor>
          </Stack>
        ) : (
          <form onSubmit={submit} noValidate>
            <Stack>
              <Text size="sm" c="dimmed">
                <Trans>Enter the e-mail of your account and we will send you a link to choose a new password.</Trans>
              </Text>
              {failure && (
                <Alert color="red" role="alert" variant="light">
                  {failure}
                </Alert>
              )}
              <TextInput
                label={t`E-mail`}
                type="email"
                dir="ltr"
                name="email"
                autoComplete="email"
                {...form.getInputProps('email')}
                error={errorText(form.errors.email)}
              />
              <Button type="submit" loading={busy}>
                <Trans>Send the link</Trans>
              </Button>
              <Anchor component={Link} to="/login" size="sm">
                <Trans>Back to sign in</Trans>
              </Anchor>
            </Stack>
          </form>
        )}
      </SignLayout>
    </Page>
  );
}
