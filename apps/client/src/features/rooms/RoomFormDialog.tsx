import { Trans, useLingui } from '@lingui/react/macro';
import { ROOM_TYPE_LABEL } from '@majlis/contracts/rooms';
import { Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { formatNumber } from '../../lib/format.ts';
import { fieldErrorsOf, formErrorOf } from '../../lib/server-errors.ts';
import { useLanguage } from '../../state/language.tsx';
import { useFieldError } from '../../ui/use-field-error.ts';
import { type Room, type RoomType, type RoomTypeInfo, roomsApi } from './api.ts';
import { useRoomName } from './room-name.ts';
import { PARTICIPANT_CHOICES, type RoomForm, roomBodyOf, validateRoom } from './room-validation.ts';

const EMPTY: RoomForm = { name: '', type: '', participants: '' };

/**
 * Create a room (name, type, number of participants) or rename one: a room's type and participants are what its plan
 * was paid for, so an edit shows them read-only and points to Billing (issue 25). The server's refusals show in place.
 */
export function RoomFormDialog({
  opened,
  room,
  types,
  onClose,
  onSaved,
}: {
  opened: boolean;
  room: Room | null;
  types: RoomTypeInfo[];
  onClose: () => void;
  onSaved: (room: Room) => void;
}) {
  const { t } = useLingui();
  const roomName = useRoomName();
  const language = useLanguage();
  const errorText = useFieldError();
  // Validated with the schema the BFF validates with (room-validation.ts).
  const form = useForm<RoomForm>({ initialValues: EMPTY, validate: validateRoom });
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: filled when the dialog opens or its room changes; re-running on a change of form's methods would wipe what the user typed.
  useEffect(() => {
    if (!opened) return;
    form.setValues(room ? { name: roomName(room), type: room.type, participants: String(room.participants) } : EMPTY);
    form.clearErrors();
    setFormError(null);
  }, [opened, room]);

  const typeOptions = types.map((x) => ({
    value: x.type,
    label: x.available ? ROOM_TYPE_LABEL[x.type] : t`${ROOM_TYPE_LABEL[x.type]} (not set up on this server)`,
    disabled: !x.available && x.type !== room?.type,
  }));
  const counts = new Set<number>([...PARTICIPANT_CHOICES, ...(room ? [room.participants] : [])]);
  const participantOptions = [...counts]
    .sort((a, b) => a - b)
    .map((n) => ({ value: String(n), label: formatNumber(language, n) }));
  const values = form.getValues();

  const submit = form.onSubmit(async (valid) => {
    setFormError(null);
    setBusy(true);
    try {
      const body = roomBodyOf(valid);
      onSaved(room ? await roomsApi.update(room.id, { name: body.name }) : await roomsApi.create(body));
    } catch (error) {
      form.setErrors(fieldErrorsOf(error, language));
      setFormError(formErrorOf(error, language, t`An error occurred, try again`));
    } finally {
      setBusy(false);
    }
  });

  return (
    <Modal opened={opened} onClose={onClose} title={room ? t`Edit the room` : t`Add a room`} centered>
      <form noValidate onSubmit={submit}>
        <Stack>
          {formError && (
            <Alert color="red" variant="light" role="alert" data-testid="room-form-error">
              {formError}
            </Alert>
          )}
          <TextInput
            label={t`Room name`}
            {...form.getInputProps('name')}
            error={errorText(form.errors.name)}
            required
            data-autofocus
          />
          <Select
            allowDeselect={false}
            label={t`Room type`}
            placeholder={t`Select a room type`}
            data={typeOptions}
            value={values.type || null}
            onChange={(v) => form.setFieldValue('type', (v ?? '') as RoomType | '')}
            error={errorText(form.errors.type)}
            required={!room}
            disabled={!!room}
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            allowDeselect={false}
            label={t`Number of participants`}
            placeholder={t`Select the number of participants`}
            data={participantOptions}
            value={values.participants || null}
            onChange={(v) => form.setFieldValue('participants', v ?? '')}
            error={errorText(form.errors.participants)}
            required={!room}
            disabled={!!room}
            description={
              room
                ? t`The room type and the number of participants belong to its paid plan: to change them, buy an upgrade from Billing`
                : undefined
            }
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" loading={busy}>
              {room ? <Trans>Save</Trans> : <Trans>Add the room</Trans>}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
