import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { getCountries } from 'libphonenumber-js/min';
import { useMemo, useState } from 'react';
import { fieldErrorsOf, formErrorOf } from '../../lib/server-errors.ts';
import { useLanguage } from '../../state/language.tsx';
import { queryKeys } from '../../state/query-keys.ts';
import { toast } from '../../ui/toast.ts';
import { useFieldError } from '../../ui/use-field-error.ts';
import { PhoneFields } from '../users/PhoneFields.tsx';
import { profileApi } from './api.ts';
import { type InstitutionForm, institutionBodyOf, splitPhone, validateInstitution } from './profile-form.ts';

const EMPTY: InstitutionForm = {
  name: '',
  address: '',
  country: '',
  city: '',
  postalCode: '',
  countryCode: '+20',
  phone: '',
};

/** Countries by ISO code, named in the reader's language by Intl. */
function useCountries(language: 'ar' | 'en') {
  return useMemo(() => {
    const names = new Intl.DisplayNames([language], { type: 'region' });
    return getCountries()
      .map((c) => ({ value: c, label: names.of(c) ?? c }))
      .sort((a, b) => a.label.localeCompare(b.label, language));
  }, [language]);
}

/** The institution's details (spec §3 Enterprise): the owner edits them, admins read them; nothing if unreadable. */
export function InstitutionCard() {
  const { data } = useQuery({ queryKey: queryKeys.profile.institution, queryFn: profileApi.institution });
  if (!data) return null;
  // The form starts from the first answer; a later read does not overwrite what the user is typing.
  return (
    <InstitutionDetails
      initial={{ ...data.institution, ...splitPhone(data.institution.phone) }}
      editable={data.editable}
    />
  );
}

function InstitutionDetails({ initial, editable }: { initial: InstitutionForm; editable: boolean }) {
  const { t } = useLingui();
  const language = useLanguage();
  const errorText = useFieldError();
  const countries = useCountries(language);
  const form = useForm<InstitutionForm>({ initialValues: { ...EMPTY, ...initial }, validate: validateInstitution });
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const values = form.getValues();

  const input = (field: keyof InstitutionForm) => ({
    ...form.getInputProps(field),
    error: errorText(form.errors[field]),
    readOnly: !editable,
  });
  const submit = form.onSubmit(async (valid) => {
    setFormError(null);
    setBusy(true);
    try {
      const saved = await profileApi.saveInstitution(institutionBodyOf(valid));
      form.setValues({ ...saved.institution, ...splitPhone(saved.institution.phone) });
      toast.success(t`The institution's details were saved`);
    } catch (error) {
      form.setErrors(fieldErrorsOf(error, language));
      setFormError(formErrorOf(error, language, t`An error occurred, try again`));
    } finally {
      setBusy(false);
    }
  });

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby="profile-inst">
      <Title order={2} size="h4" mb="xs" id="profile-inst">
        <Trans>The institution's details</Trans>
      </Title>
      {!editable && (
        <Text size="sm" c="dimmed" mb="md">
          <Trans>Only the institution's owner can change these details.</Trans>
        </Text>
      )}
      <form noValidate onSubmit={submit}>
        <Stack>
          {formError && (
            <Alert color="red" variant="light" role="alert">
              {formError}
            </Alert>
          )}
          <TextInput label={t`Institution name`} required {...input('name')} />
          <Textarea label={t`Address`} rows={2} {...input('address')} />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <Select
              label={t`Country`}
              placeholder={t`Select a country`}
              data={countries}
              searchable
              required
              readOnly={!editable}
              value={values.country || null}
              onChange={(v) => form.setFieldValue('country', v ?? '')}
              error={errorText(form.errors.country)}
              comboboxProps={{ withinPortal: true }}
            />
            <TextInput label={t`City`} required {...input('city')} />
          </SimpleGrid>
          <TextInput label={t`Postal number`} dir="ltr" {...input('postalCode')} />
          <PhoneFields
            countryCode={values.countryCode}
            onCountryCode={(v) => editable && form.setFieldValue('countryCode', v)}
            phone={Object.assign(form.getInputProps('phone'), { readOnly: !editable })}
            error={errorText(form.errors.phone)}
          />
          {editable && (
            <Group justify="flex-end">
              <Button type="submit" loading={busy}>
                <Trans>Save</Trans>
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
