import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Anchor,
  Button,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { type ContactForm, contactBodyOf, validateContact } from '../features/auth/validation.ts';
import { useContactConfig } from '../features/contact/contact-config.ts';
import { api, body } from '../lib/api.ts';
import { formatPhone, SEPARATOR } from '../lib/format.ts';
import { messageOf } from '../lib/http.ts';
import { fieldErrorsOf } from '../lib/server-errors.ts';
import { useLanguage } from '../state/language.tsx';
import { Page } from '../ui/Page.tsx';
import { toast } from '../ui/toast.ts';
import { useFieldError } from '../ui/use-field-error.ts';

const EMPTY: ContactForm = { name: '', email: '', phone: '', kind: 'suggestion', message: '' };

/** Suggestions, complaints and questions (POST /api/contact), beside the support details. */
export default function ContactPage() {
  const { t } = useLingui();
  const language = useLanguage();
  const errorText = useFieldError();
  const contact = useContactConfig();
  const form = useForm<ContactForm>({ initialValues: EMPTY });
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = (field: keyof ContactForm) => ({
    ...form.getInputProps(field),
    error: errorText(form.errors[field]),
  });

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const values = form.getValues();
    setFailure(null);
    setBusy(true);
    try {
      // ZContactBody, the schema POST /api/contact validates with (features/auth/validation.ts).
      const errors = validateContact(values);
      form.setErrors(errors);
      if (Object.keys(errors).length) return;
      await body(api.contact.$post({ json: contactBodyOf(values) }));
      toast.success(t`Thank you, your message has been sent.`);
      form.setValues({ ...EMPTY, kind: values.kind });
    } catch (error) {
      const fields = fieldErrorsOf(error, language);
      form.setErrors(fields);
      if (!Object.keys(fields).length) setFailure(messageOf(error, language, t`An error occurred, try again`));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page title={t`Contact us`}>
      <section className="section container">
        <Title order={1} mb="lg">
          <Trans>Suggestions and complaints</Trans>
        </Title>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <Paper withBorder radius="md" p="lg">
            <form onSubmit={submit} noValidate>
              <Stack>
                {failure && (
                  <Alert color="red" role="alert" variant="light">
                    {failure}
                  </Alert>
                )}
                <SegmentedControl
                  value={form.getValues().kind}
                  onChange={(v) => form.setFieldValue('kind', v as ContactForm['kind'])}
                  aria-label={t`Kind of message`}
                  data={[
                    { value: 'suggestion', label: t`Suggestion` },
                    { value: 'complaint', label: t`Complaint` },
                    { value: 'question', label: t`Question` },
                  ]}
                />
                <TextInput label={t`Name`} name="name" {...input('name')} />
                <TextInput label={t`E-mail`} name="email" type="email" dir="ltr" {...input('email')} />
                <TextInput label={t`Phone (optional)`} name="phone" type="tel" dir="ltr" {...input('phone')} />
                <Textarea label={t`Message`} name="message" minRows={5} autosize {...input('message')} />
                <Button type="submit" loading={busy}>
                  <Trans>Send</Trans>
                </Button>
              </Stack>
            </form>
          </Paper>
          <Stack>
            <Title order={2} size="h3">
              <Trans>Contact us</Trans>
            </Title>
            <Text c="dimmed">
              <Trans>We answer suggestions, complaints and questions in Arabic and English.</Trans>
            </Text>
            {contact && (
              <>
                <Text>
                  <Trans>E-mail:</Trans>{' '}
                  <Anchor href={`mailto:${contact.email}`}>
                    <bdi dir="ltr">{contact.email}</bdi>
                  </Anchor>
                </Text>
                <Text>
                  <Trans>Phone:</Trans>{' '}
                  <Anchor href={`tel:${contact.phoneMs}`}>
                    <bdi dir="ltr">{formatPhone(language, contact.phoneMs)}</bdi>
                  </Anchor>
                  {contact.phone2 && (
                    <>
                      {SEPARATOR}
                      <Anchor href={`tel:${contact.phone2}`}>
                        <bdi dir="ltr">{formatPhone(language, contact.phone2)}</bdi>
                      </Anchor>
                    </>
                  )}
                </Text>
                {contact.address && (
                  <Text>
                    <Trans>Address:</Trans> {contact.address[language]}
                  </Text>
                )}
              </>
            )}
          </Stack>
        </SimpleGrid>
      </section>
    </Page>
  );
}
