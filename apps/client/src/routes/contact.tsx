import { Trans, useLingui } from '@lingui/react/macro';
import { toAsciiDigits } from '@majlis/i18n';
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
import { useState } from 'react';
import { serverFieldErrors } from '../features/auth/server-errors.ts';
import { MESSAGES, validateEmail } from '../features/auth/validation.ts';
import { useContactConfig } from '../features/contact/contact-config.ts';
import { api, body } from '../lib/api.ts';
import { messageOf } from '../lib/http.ts';
import { useLanguage } from '../state/language.tsx';
import { Page } from '../ui/Page.tsx';
import { toast } from '../ui/toast.ts';

type Kind = 'suggestion' | 'complaint' | 'question';

/** Suggestions, complaints and questions (POST /api/contact), beside the support details. */
export default function ContactPage() {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const contact = useContactConfig();
  const [form, setForm] = useState({ name: '', email: '', phone: '', kind: 'suggestion' as Kind, message: '' });
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof form, value: string) => setForm((f) => ({ ...f, [key]: value }));

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const emailError = validateEmail(form.email);
    const found = {
      name: form.name.trim() ? undefined : t`Enter your name`,
      email: emailError && i18n._(MESSAGES[emailError]),
      message: form.message.trim() ? undefined : t`Write your message`,
    };
    setErrors(found);
    setFailure(null);
    if (found.name || found.email || found.message) return;
    setBusy(true);
    try {
      const phone = toAsciiDigits(form.phone).trim();
      await body(
        api.contact.$post({
          json: {
            name: form.name.trim(),
            email: form.email.trim(),
            ...(phone ? { phone } : {}),
            kind: form.kind,
            message: form.message.trim(),
          },
        }),
      );
      toast.success(t`Thank you, your message has been sent.`);
      setForm({ name: '', email: '', phone: '', kind: form.kind, message: '' });
    } catch (error) {
      const fields = serverFieldErrors(error, language);
      setErrors(fields);
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
                  value={form.kind}
                  onChange={(v) => set('kind', v)}
                  aria-label={t`Kind of message`}
                  data={[
                    { value: 'suggestion', label: t`Suggestion` },
                    { value: 'complaint', label: t`Complaint` },
                    { value: 'question', label: t`Question` },
                  ]}
                />
                <TextInput
                  label={t`Name`}
                  name="name"
                  value={form.name}
                  onChange={(e) => set('name', e.currentTarget.value)}
                  error={errors.name}
                />
                <TextInput
                  label={t`E-mail`}
                  name="email"
                  type="email"
                  dir="ltr"
                  value={form.email}
                  onChange={(e) => set('email', e.currentTarget.value)}
                  error={errors.email}
                />
                <TextInput
                  label={t`Phone (optional)`}
                  name="phone"
                  type="tel"
                  dir="ltr"
                  value={form.phone}
                  onChange={(e) => set('phone', e.currentTarget.value)}
                  error={errors.phone}
                />
                <Textarea
                  label={t`Message`}
                  name="message"
                  minRows={5}
                  autosize
                  value={form.message}
                  onChange={(e) => set('message', e.currentTarget.value)}
                  error={errors.message}
                />
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
                    <bdi dir="ltr">{contact.phoneMs}</bdi>
                  </Anchor>
                  {contact.phone2 && (
                    <>
                      {' · '}
                      <Anchor href={`tel:${contact.phone2}`}>
                        <bdi dir="ltr">{contact.phone2}</bdi>
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
