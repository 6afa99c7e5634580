import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Grid,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { authValidation, PASSWORD_MISMATCH, preloadAuthValidation } from '../features/auth/load-validation.ts';
import type { RegisterForm } from '../features/auth/new-password-validation.ts';
import { useCountryOptions } from '../features/users/PhoneFields.tsx';
import { SignLayout } from '../layouts/SignLayout.tsx';
import { api, body, inlineAuth } from '../lib/api.ts';
import { ApiError, messageOf } from '../lib/http.ts';
import { fieldErrorsOf } from '../lib/server-errors.ts';
import { useLanguage } from '../state/language.tsx';
import { Page } from '../ui/Page.tsx';
import { useFieldError } from '../ui/use-field-error.ts';

const EMPTY: RegisterForm = {
  fname: '',
  lname: '',
  email: '',
  password: '',
  confirm: '',
  countryCode: '+20',
  phone: '',
  acceptTerms: false,
  ageConfirmed: false,
};

export default function RegisterPage() {
  const { t } = useLingui();
  const language = useLanguage();
  const errorText = useFieldError();
  const countries = useCountryOptions();
  const form = useForm<RegisterForm>({ initialValues: EMPTY });
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** The address the confirmation link went to; the form is replaced by "check your e-mail" while set. */
  const [sentTo, setSentTo] = useState<string | null>(null);
  const sentPanel = useRef<HTMLDivElement>(null);
  useEffect(preloadAuthValidation, []);
  // The button that was pressed is gone with the form: focus the panel so it is read out and the keyboard stays here.
  // On a phone the long form left the page scrolled to its end, with the short panel's heading under the sticky bar:
  // back to the top first, then focus without scrolling again.
  useEffect(() => {
    if (!sentTo) return;
    window.scrollTo({ top: 0 });
    sentPanel.current?.focus({ preventScroll: true });
  }, [sentTo]);

  const input = (field: keyof RegisterForm) => ({
    ...form.getInputProps(field),
    error: form.errors[field] === PASSWORD_MISMATCH ? t`The passwords do not match` : errorText(form.errors[field]),
  });
  const box = (field: 'acceptTerms' | 'ageConfirmed') => ({
    ...form.getInputProps(field, { type: 'checkbox' }),
    error: errorText(form.errors[field]),
  });

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const values = form.getValues();
    setFailure(null);
    setBusy(true);
    try {
      // ZRegisterBody, the schema POST /api/register validates with, plus the confirmation (validation.ts).
      const { registerBodyOf, validateRegister } = await authValidation();
      const errors = validateRegister(values);
      form.setErrors(errors);
      if (Object.keys(errors).length) return;
      const json = { ...registerBodyOf(values), acceptTerms: true as const, ageConfirmed: true as const };
      // 202 for a new and for an already registered address alike: the e-mail tells its owner which it was.
      await body(api.register.$post({ json }, inlineAuth));
      setSentTo(json.email);
    } catch (error) {
      const fields = fieldErrorsOf(error, language);
      form.setErrors(fields);
      if (!(error instanceof ApiError) || !Object.keys(fields).length)
        setFailure(messageOf(error, language, t`An error occurred, try again`));
    } finally {
      setBusy(false);
    }
  };

  if (sentTo)
    return (
      <Page title={t`Check your e-mail`}>
        <SignLayout title={<Trans>Check your e-mail</Trans>}>
          <Stack>
            <Alert ref={sentPanel} tabIndex={-1} color="teal" variant="light" role="status" data-testid="register-sent">
              <Text inherit>
                <Trans>We sent a link to:</Trans>
              </Text>
              {/* On a line of its own: a long address broken inside an Arabic sentence is hard to read. */}
              <Text inherit fw={700} my={4} style={{ overflowWrap: 'anywhere' }}>
                <bdi dir="ltr">{sentTo}</bdi>
              </Text>
              <Text inherit>
                <Trans>Open it to finish creating your account.</Trans>
              </Text>
              <Text inherit mt="xs">
                <Trans>
                  Nothing arrived? Check your spam folder, or{' '}
                  <Anchor component="button" type="button" inherit onClick={() => setSentTo(null)}>
                    register again
                  </Anchor>
                  .
                </Trans>
              </Text>
            </Alert>
            <Button component={Link} to="/login" variant="light">
              <Trans>Back to sign in</Trans>
            </Button>
          </Stack>
        </SignLayout>
      </Page>
    );

  return (
    <Page title={t`Create a new account`}>
      <SignLayout title={<Trans>Create a new account</Trans>} wide>
        <form onSubmit={submit} noValidate>
          <Stack>
            {failure && (
              <Alert color="red" role="alert" variant="light">
                {failure}
              </Alert>
            )}
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              <TextInput label={t`First name`} name="fname" autoComplete="given-name" {...input('fname')} />
              <TextInput label={t`Last name`} name="lname" autoComplete="family-name" {...input('lname')} />
            </SimpleGrid>
            <TextInput label={t`E-mail`} name="email" type="email" dir="ltr" autoComplete="email" {...input('email')} />
            {/* Side by side from 576 px; on a phone the number gets the full width (and room for its message). */}
            <Grid>
              <Grid.Col span={{ base: 12, xs: 5 }}>
                <Select
                  label={t`Country code`}
                  data={countries}
                  value={form.getValues().countryCode}
                  onChange={(v) => form.setFieldValue('countryCode', v ?? '')}
                  searchable
                  comboboxProps={{ withinPortal: true }}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, xs: 7 }}>
                <TextInput
                  label={t`Phone number`}
                  name="phone"
                  type="tel"
                  dir="ltr"
                  autoComplete="tel-national"
                  placeholder="100 123 4567"
                  {...input('phone')}
                />
              </Grid.Col>
            </Grid>
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              <PasswordInput
                label={t`Password`}
                name="password"
                autoComplete="new-password"
                description={t`At least 8 characters`}
                // The hint under the field: above it, it pushed this input below its confirmation's (issue 26).
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                {...input('password')}
              />
              <PasswordInput
                label={t`Confirm the password`}
                name="confirm"
                autoComplete="new-password"
                {...input('confirm')}
              />
            </SimpleGrid>
            <Checkbox
              name="acceptTerms"
              {...box('acceptTerms')}
              label={
                // One inline box: the label lays out its children as flex items, which dropped the space before the
                // link ("أوافق علىالشروط والأحكام", issue 26).
                <span data-testid="accept-terms-label">
                  <Trans>
                    I accept the{' '}
                    <Anchor component={Link} to="/home/conditions" target="_blank" inherit>
                      terms and conditions
                    </Anchor>
                  </Trans>
                </span>
              }
            />
            <Checkbox name="ageConfirmed" {...box('ageConfirmed')} label={t`I am over 12 years old`} />
            <Button type="submit" loading={busy} fullWidth>
              <Trans>Create the account</Trans>
            </Button>
            <Text size="sm" ta="center">
              <Trans>Already have an account?</Trans>{' '}
              <Anchor component={Link} to="/login">
                <Trans>Sign in</Trans>
              </Anchor>
            </Text>
          </Stack>
        </form>
      </SignLayout>
    </Page>
  );
}
