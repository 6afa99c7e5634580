import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { CHAT_DIGEST_AFTER_MINUTES } from '@majlis/contracts/chat';
import { digitStyleOf } from '@majlis/i18n';
import { Alert, Button, Group, Paper, Select, SimpleGrid, Stack, Switch, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { formatNumber, setReaderPrefs } from '../../lib/format.ts';
import { fieldErrorsOf, formErrorOf } from '../../lib/server-errors.ts';
import type { UserInfo } from '../../state/account.tsx';
import { LanguageContext, useLanguage } from '../../state/language.tsx';
import { SessionContext } from '../../state/session.tsx';
import { toast } from '../../ui/toast.ts';
import { useFieldError } from '../../ui/use-field-error.ts';
import { PhoneFields } from '../users/PhoneFields.tsx';
import { profileApi } from './api.ts';
import { useFollowLiveLanguage } from './follow-live-language.ts';
import { type DetailsForm, profileBodyOf, splitPhone, validateDetails } from './profile-form.ts';
import { ZonePicker } from './ZonePicker.tsx';

/** First and last name, phone with its country code, language, time zone and digit style. */
export function DetailsCard({ info }: { info: UserInfo }) {
  const { t } = useLingui();
  const language = useLanguage();
  const errorText = useFieldError();
  const session = SessionContext.useActorRef();
  const languageActor = LanguageContext.useActorRef();
  const form = useForm<DetailsForm>({
    initialValues: {
      fname: info.fname,
      lname: info.lname,
      ...splitPhone(info.phone),
      locale: info.locale,
      timeZone: info.timeZone,
      // Unchosen: the page's language's own, which saving then keeps.
      digits: info.digits ?? digitStyleOf(language),
      chatDigest: info.chatDigest,
      hijri: info.hijri,
    },
    validate: validateDetails,
  });
  useFollowLiveLanguage(form);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const values = form.getValues();
  const digestMinutes = formatNumber(language, CHAT_DIGEST_AFTER_MINUTES);
  const input = (field: keyof DetailsForm) => ({ ...form.getInputProps(field), error: errorText(form.errors[field]) });

  const submit = form.onSubmit(async (valid) => {
    setFormError(null);
    setBusy(true);
    try {
      const saved = await profileApi.save(profileBodyOf(valid));
      // The session user is replaced: the top bar and the account data (owner info) follow without a reload.
      session.send({ type: 'LOGIN', user: saved.user });
      setReaderPrefs({ digits: saved.info.digits, timeZone: saved.info.timeZone, hijri: saved.info.hijri });
      if (saved.info.locale !== language) languageActor.send({ type: 'SET', value: saved.info.locale });
      toast.success(t`Your details were saved`);
    } catch (error) {
      form.setErrors(fieldErrorsOf(error, language));
      setFormError(formErrorOf(error, language, t`An error occurred, try again`));
    } finally {
      setBusy(false);
    }
  });

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby="profile-details">
      <Title order={2} size="h4" mb="md" id="profile-details">
        <Trans>Your details</Trans>
      </Title>
      <form noValidate onSubmit={submit}>
        <Stack>
          {formError && (
            <Alert color="red" variant="light" role="alert">
              {formError}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput label={t`First name`} autoComplete="given-name" required {...input('fname')} />
            <TextInput label={t`Last name`} autoComplete="family-name" required {...input('lname')} />
          </SimpleGrid>
          <TextInput label={t`E-mail`} value={info.email} dir="ltr" readOnly disabled />
          <PhoneFields
            countryCode={values.countryCode}
            onCountryCode={(v) => form.setFieldValue('countryCode', v)}
            phone={form.getInputProps('phone')}
            error={errorText(form.errors.phone)}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <Select
              label={t`Language`}
              allowDeselect={false}
              data={[
                { value: 'ar', label: 'العربية' },
                { value: 'en', label: 'English' },
              ]}
              value={values.locale}
              onChange={(v) => form.setFieldValue('locale', v === 'en' ? 'en' : 'ar')}
            />
            <ZonePicker
              label={t`Time zone`}
              value={values.timeZone}
              onChange={(v) => form.setFieldValue('timeZone', v)}
              error={errorText(form.errors.timeZone)}
            />
            <Select
              label={t`Digits`}
              allowDeselect={false}
              data={[
                // The samples stay outside the catalog, whose digits follow the reader's style.
                { value: 'arab', label: `${t`Arabic-Indic`} (١٢٣)` },
                { value: 'latn', label: `${t`Latin`} (123)` },
              ]}
              value={values.digits}
              onChange={(v) => form.setFieldValue('digits', v === 'latn' ? 'latn' : 'arab')}
              data-testid="profile-digits"
            />
          </SimpleGrid>
          <Switch
            label={t`E-mail me unread chat messages`}
            description={plural(CHAT_DIGEST_AFTER_MINUTES, {
              one: `One e-mail when messages stay unread for ${digestMinutes} minute`,
              other: `One e-mail when messages stay unread for ${digestMinutes} minutes`,
            })}
            checked={values.chatDigest}
            onChange={(e) => form.setFieldValue('chatDigest', e.currentTarget.checked)}
            data-testid="profile-chat-digest"
          />
          <Switch
            label={t`Show the Hijri date too`}
            description={t`The Umm al-Qura date beside each date, on pages and in e-mails`}
            checked={values.hijri}
            onChange={(e) => form.setFieldValue('hijri', e.currentTarget.checked)}
            data-testid="profile-hijri"
          />
          <Group justify="flex-end">
            <Button type="submit" loading={busy}>
              <Trans>Save</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
