import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Modal, PasswordInput, Radio, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { fieldErrorsOf, formErrorOf } from '../../lib/server-errors.ts';
import { useLanguage } from '../../state/language.tsx';
import { useFieldError } from '../../ui/use-field-error.ts';
import type { AddUserBody } from './api.ts';
import { userValidation } from './load-user-validation.ts';
import { PhoneFields } from './PhoneFields.tsx';
import { EMPTY_USER_FORM, type UserForm } from './user-form.ts';

/**
 * Add an official or member (with an initial password, or an e-mailed invitation link). Checked with the contract
 * before sending; the server's refusals (a taken e-mail, a weak password …) show under their fields. Once added, the
 * person's name, e-mail and phone are theirs: an existing row only changes its role (UserRoleDialog).
 */
export function UserFormDialog({
  opened,
  onClose,
  onAdd,
}: {
  opened: boolean;
  onClose: () => void;
  onAdd: (body: AddUserBody) => Promise<void>;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const errorText = useFieldError();
  const form = useForm<UserForm>({ initialValues: EMPTY_USER_FORM });
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const values = form.getValues();

  // biome-ignore lint/correctness/useExhaustiveDependencies: emptied when the dialog opens; re-running on a change of form's methods would wipe what the user typed.
  useEffect(() => {
    if (!opened) return;
    form.setValues(EMPTY_USER_FORM);
    form.clearErrors();
    setFormError(null);
    userValidation().catch(() => {});
  }, [opened]);

  const input = (field: keyof UserForm) => ({ ...form.getInputProps(field), error: errorText(form.errors[field]) });

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setFormError(null);
    setBusy(true);
    try {
      const v = await userValidation();
      const current = form.getValues();
      const errors = v.validateAddUser(current);
      form.setErrors(errors);
      if (Object.keys(errors).length) return;
      await onAdd(v.addBodyOf(current));
    } catch (error) {
      // A refusal that names its fields (a taken e-mail, a weak password) shows under them, not twice.
      const fields = fieldErrorsOf(error, language);
      form.setErrors(fields);
      setFormError(Object.keys(fields).length ? null : formErrorOf(error, language, t`An error occurred, try again`));
    } finally {
      setBusy(false);
    }
  };

  const roleOptions = [
    { value: 'admin', label: t`Admin` },
    { value: 'member', label: t`Member` },
  ];

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t`Add a user`}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      <form noValidate onSubmit={submit} data-testid="user-form">
        <Stack>
          {formError && (
            <Alert color="red" variant="light" role="alert">
              {formError}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput label={t`First name`} required data-autofocus {...input('fname')} />
            <TextInput label={t`Last name`} required {...input('lname')} />
          </SimpleGrid>
          <TextInput label={t`E-mail`} type="email" dir="ltr" required {...input('email')} />
          <PhoneFields
            countryCode={values.countryCode}
            onCountryCode={(code) => form.setFieldValue('countryCode', code)}
            phone={form.getInputProps('phone')}
            error={errorText(form.errors.phone)}
          />
          <Select
            allowDeselect={false}
            label={t`Role`}
            placeholder={t`Choose a role`}
            data={roleOptions}
            value={values.role || null}
            onChange={(v) => form.setFieldValue('role', (v ?? '') as UserForm['role'])}
            error={errorText(form.errors.role)}
            required
            comboboxProps={{ withinPortal: true }}
          />
          <Radio.Group
            label={t`How they get in`}
            value={values.mode}
            onChange={(v) => form.setFieldValue('mode', v as UserForm['mode'])}
            error={errorText(form.errors.mode)}
          >
            <Stack gap="xs" mt="xs">
              <Radio
                value="invite"
                label={t`E-mail an invitation link`}
                description={t`They choose their own password; someone who already uses Majlis signs in to accept.`}
              />
              <Radio value="password" label={t`Set an initial password`} />
            </Stack>
          </Radio.Group>
          {values.mode === 'password' && (
            <PasswordInput
              label={t`Initial password`}
              autoComplete="new-password"
              description={t`At least 8 characters`}
              required
              {...input('password')}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" loading={busy}>
              <Trans>Add the user</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
