import { Trans, useLingui } from '@lingui/react/macro';
import { RECORDING_LIMITS, ZUpdateRecordingBody } from '@majlis/contracts/recordings';
import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { topLevelErrors } from '../../lib/field-errors.ts';
import { fieldErrorsOf, formErrorOf } from '../../lib/server-errors.ts';
import { useLanguage } from '../../state/language.tsx';
import { useFieldError } from '../../ui/use-field-error.ts';
import type { Recording } from './api.ts';

const check = schemaResolver(ZUpdateRecordingBody, { sync: true });

/** Rename a recording: checked with the contract PUT /api/recordings/{id} validates with, then sent. */
export function RenameDialog({
  recording,
  onClose,
  onRename,
}: {
  recording: Recording | null;
  onClose: () => void;
  onRename: (recording: Recording, name: string) => Promise<void>;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const errorText = useFieldError();
  const form = useForm({ initialValues: { name: '' } });
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: filled when the dialog opens for a recording.
  useEffect(() => {
    if (!recording) return;
    form.setValues({ name: recording.name });
    form.clearErrors();
    setFormError(null);
  }, [recording]);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!recording) return;
    setFormError(null);
    const name = form.getValues().name;
    const errors = topLevelErrors<'name'>(check({ name }));
    form.setErrors(errors);
    if (errors.name) return;
    setBusy(true);
    try {
      await onRename(recording, name.trim());
    } catch (error) {
      const fields = fieldErrorsOf(error, language);
      form.setErrors(fields);
      setFormError(Object.keys(fields).length ? null : formErrorOf(error, language, t`An error occurred, try again`));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={!!recording}
      onClose={onClose}
      title={t`Rename the recording`}
      centered
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      <form noValidate onSubmit={submit} data-testid="recording-rename-form">
        <Stack>
          {formError && (
            <Alert color="red" variant="light" role="alert">
              {formError}
            </Alert>
          )}
          <TextInput
            label={t`Recording name`}
            required
            data-autofocus
            maxLength={RECORDING_LIMITS.nameMax}
            {...form.getInputProps('name')}
            error={errorText(form.errors.name)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" loading={busy}>
              <Trans>Save</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
