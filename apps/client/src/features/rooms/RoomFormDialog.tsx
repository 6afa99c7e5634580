import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatNumber } from '@majlis/i18n';
import { Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useLanguage } from '../../state/language.tsx';
import { fieldErrorsOf, formErrorOf } from '../meetings/errors.ts';
import { type Room, type RoomType, type RoomTypeInfo, roomsApi } from './api.ts';
import { PARTICIPANT_CHOICES, type RoomErrors, type RoomForm, validateRoom } from './room-validation.ts';

const EMPTY: RoomForm = { name: '', type: '', participants: '' };

/** Create or edit a room (name, type, number of participants); the server's refusals show in place. */
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
  const { i18n } = useLinguiRuntime();
  const language = useLanguage();
  const [form, setForm] = useState<RoomForm>(EMPTY);
  const [errors, setErrors] = useState<RoomErrors>({});
  const [serverFields, setServerFields] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!opened) return;
    setForm(room ? { name: room.name, type: room.type, participants: String(room.participants) } : EMPTY);
    setErrors({});
    setServerFields({});
    setFormError(null);
  }, [opened, room]);

  const typeLabel: Record<RoomType, string> = { bbb: 'BigBlueButton', zoom: 'Zoom', jitsi: 'Jitsi Meet' };
  const typeOptions = types.map((x) => ({
    value: x.type,
    label: x.available ? typeLabel[x.type] : t`${typeLabel[x.type]} (not set up on this server)`,
    disabled: !x.available && x.type !== room?.type,
  }));
  const counts = new Set<number>([...PARTICIPANT_CHOICES, ...(room ? [room.participants] : [])]);
  const participantOptions = [...counts]
    .sort((a, b) => a - b)
    .map((n) => ({ value: String(n), label: formatNumber(language, n) }));

  const errorOf = (field: keyof RoomForm) => (errors[field] ? i18n._(errors[field]) : serverFields[field]);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const found = validateRoom(form);
    setErrors(found);
    setServerFields({});
    setFormError(null);
    if (Object.keys(found).length) return;
    const body = { name: form.name.trim(), type: form.type as RoomType, participants: Number(form.participants) };
    setBusy(true);
    try {
      const saved = room ? await roomsApi.update(room.id, body) : await roomsApi.create(body);
      onSaved(saved);
    } catch (error) {
      setServerFields(fieldErrorsOf(error, language));
      setFormError(formErrorOf(error, language, t`An error occurred, try again`));
    } finally {
      setBusy(false);
    }
  }

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
            value={form.name}
            onChange={(e) => setForm({ ...form, name: e.currentTarget.value })}
            error={errorOf('name')}
            required
            data-autofocus
          />
          <Select
            allowDeselect={false}
            label={t`Room type`}
            placeholder={t`Select a room type`}
            data={typeOptions}
            value={form.type || null}
            onChange={(v) => setForm({ ...form, type: (v ?? '') as RoomType | '' })}
            error={errorOf('type')}
            required
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            allowDeselect={false}
            label={t`Number of participants`}
            placeholder={t`Select the number of participants`}
            data={participantOptions}
            value={form.participants || null}
            onChange={(v) => setForm({ ...form, participants: v ?? '' })}
            error={errorOf('participants')}
            required
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
