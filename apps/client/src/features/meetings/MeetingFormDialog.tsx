import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Chip,
  Fieldset,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useLanguage } from '../../state/language.tsx';
import { type AccountUser, accountUsers } from '../dashboard/account-users.ts';
import type { Room } from '../rooms/api.ts';
import { type Meeting, meetingsApi } from './api.ts';
import { fieldErrorsOf, formErrorOf } from './errors.ts';
import { weekdayNames, weekdayOrder } from './format.ts';
import {
  emptyMeetingForm,
  type MeetingErrors,
  type MeetingForm,
  meetingBodyOf,
  meetingFormOf,
  validateMeeting,
} from './meeting-validation.ts';

type Flag =
  | 'favourite'
  | 'allowBeforeOwner'
  | 'autoRecord'
  | 'allowStopRecording'
  | 'allowDownload'
  | 'notifyEnterExit'
  | 'waitingRoom';

/** Create a meeting, or edit one (all days of a recurring one): every field of spec §3. */
export function MeetingFormDialog({
  opened,
  meeting,
  rooms,
  today,
  timeZone,
  onClose,
  onSaved,
}: {
  opened: boolean;
  meeting: Meeting | null;
  rooms: Room[];
  /** 'YYYY-MM-DD' in the user's time zone: no day before it (spec §5). */
  today: string;
  timeZone: string;
  onClose: () => void;
  onSaved: (m: Meeting) => void;
}) {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const language = useLanguage();
  const [form, setForm] = useState<MeetingForm>(() => emptyMeetingForm());
  const [errors, setErrors] = useState<MeetingErrors>({});
  const [serverFields, setServerFields] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [users, setUsers] = useState<AccountUser[]>([]);

  const usableRooms = rooms.filter((r) => r.status === 'active' || r.id === meeting?.room.id);
  useEffect(() => {
    if (!opened) return;
    setForm(meeting ? meetingFormOf(meeting) : emptyMeetingForm(usableRooms.length === 1 ? usableRooms[0]?.id : ''));
    setErrors({});
    setServerFields({});
    setFormError(null);
    void accountUsers().then(setUsers);
    // The rooms list is read when the dialog opens, not on every change of it.
  }, [opened, meeting]);

  const names = useMemo(() => weekdayNames(language), [language]);
  const set = <K extends keyof MeetingForm>(key: K, value: MeetingForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const errorOf = (...fields: string[]) => {
    for (const f of fields) {
      const own = errors[f as keyof MeetingForm];
      if (own) return i18n._(own);
      if (serverFields[f]) return serverFields[f];
    }
    return undefined;
  };

  // Assistants can only be users of this account (the server checks it too); the current ones stay listed.
  const assistantOptions = [
    ...users.map((u) => ({ value: u.userId, label: u.name })),
    ...(meeting?.assistants ?? [])
      .filter((a) => !users.some((u) => u.userId === a.id))
      .map((a) => ({ value: a.id, label: `${a.fname} ${a.lname}` })),
  ];

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const found = validateMeeting(form, {
      today,
      hasRooms: usableRooms.length > 0,
      isNew: !meeting,
      originalDay: meeting?.day,
    });
    setErrors(found);
    setServerFields({});
    setFormError(null);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const body = meetingBodyOf(form);
      onSaved(meeting ? await meetingsApi.update(meeting.id, body) : await meetingsApi.create(body));
    } catch (error) {
      setServerFields(fieldErrorsOf(error, language));
      setFormError(formErrorOf(error, language, t`An error occurred, try again`));
    } finally {
      setBusy(false);
    }
  }

  const flags: { key: Flag; label: string }[] = [
    { key: 'favourite', label: t`Favourite` },
    { key: 'allowBeforeOwner', label: t`Allow participants to join before the owner` },
    { key: 'autoRecord', label: t`Record automatically` },
    { key: 'allowStopRecording', label: t`Allow the owner to stop the recording` },
    { key: 'allowDownload', label: t`Allow participants to download the recordings` },
    { key: 'notifyEnterExit', label: t`Notify when someone enters or leaves` },
    { key: 'waitingRoom', label: t`Waiting room` },
  ];

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={meeting ? t`Edit the meeting` : t`New meeting`}
      size="lg"
      centered
      data-testid="meeting-form"
    >
      {meeting && meeting.recurrenceDays.length > 0 && (
        <Alert variant="light" mb="md">
          <Trans>Changes apply to all days of this meeting.</Trans>
        </Alert>
      )}
      <form noValidate onSubmit={submit}>
        <Stack>
          {formError && (
            <Alert color="red" variant="light" role="alert" data-testid="meeting-form-error">
              {formError}
            </Alert>
          )}
          <TextInput
            label={t`Meeting name`}
            value={form.name}
            onChange={(e) => set('name', e.currentTarget.value)}
            error={errorOf('name')}
            required
            data-autofocus
          />
          <Textarea
            label={t`Description`}
            value={form.description}
            onChange={(e) => set('description', e.currentTarget.value)}
            error={errorOf('description')}
            rows={3}
          />
          {usableRooms.length === 0 && !meeting ? (
            <Alert color="orange" variant="light" role="alert" data-testid="no-rooms">
              <Stack gap={4}>
                <Text size="sm" fw={600}>
                  {errorOf('roomId') ?? t`Add a room`}
                </Text>
                <Text size="sm">
                  <Trans>
                    Meetings take place in a room.{' '}
                    <Anchor component={Link} to="/dashbord/roomManagement" inherit>
                      Add a room
                    </Anchor>{' '}
                    first.
                  </Trans>
                </Text>
              </Stack>
            </Alert>
          ) : (
            <Select
              allowDeselect={false}
              label={t`Room`}
              placeholder={t`Select a room`}
              data={usableRooms.map((r) => ({ value: r.id, label: r.name }))}
              value={form.roomId || null}
              onChange={(v) => set('roomId', v ?? '')}
              error={errorOf('roomId')}
              required
            />
          )}
          <Radio.Group
            label={t`Meeting type`}
            value={form.type}
            onChange={(v) => set('type', v as MeetingForm['type'])}
          >
            <Group mt={6}>
              <Radio value="scheduled" label={t`Scheduled (time-bound)`} />
              <Radio value="permanent" label={t`Permanent (fixed, available at any time)`} />
            </Group>
          </Radio.Group>
          {form.type === 'scheduled' && (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                type="date"
                label={t`Day`}
                min={meeting ? undefined : today}
                value={form.day}
                onChange={(e) => set('day', e.currentTarget.value)}
                error={errorOf('day', 'startsAt')}
                required
              />
              <TextInput
                type="time"
                label={t`Hour`}
                value={form.hour}
                onChange={(e) => set('hour', e.currentTarget.value)}
                error={errorOf('hour')}
                required
              />
            </SimpleGrid>
          )}
          <Fieldset legend={t`Duration`} variant="unstyled">
            <SimpleGrid cols={2}>
              <NumberInput
                label={t`Hours`}
                min={0}
                max={24}
                allowDecimal={false}
                allowNegative={false}
                value={form.durationHours}
                onChange={(v) => set('durationHours', String(v))}
                error={errorOf('durationHours', 'durationMinutes') ? true : undefined}
              />
              <NumberInput
                label={t`Minutes`}
                min={0}
                max={59}
                step={5}
                allowDecimal={false}
                allowNegative={false}
                value={form.durationMinutes}
                onChange={(v) => set('durationMinutes', String(v))}
                error={errorOf('durationHours', 'durationMinutes') ? true : undefined}
              />
            </SimpleGrid>
            {errorOf('durationHours', 'durationMinutes') && (
              <Text c="red" size="xs" mt={4} role="alert">
                {errorOf('durationHours', 'durationMinutes')}
              </Text>
            )}
          </Fieldset>
          {form.type === 'scheduled' && (
            <Fieldset legend={t`Repeat on these days`} variant="unstyled" data-testid="recurrence-days">
              <Chip.Group
                multiple
                value={form.recurrenceDays.map(String)}
                onChange={(v) => set('recurrenceDays', v.map(Number))}
              >
                <Group gap={6}>
                  {weekdayOrder(language).map((d) => (
                    <Chip key={d} value={String(d)} size="sm">
                      {names[d]}
                    </Chip>
                  ))}
                </Group>
              </Chip.Group>
              {errorOf('recurrenceDays') && (
                <Text c="red" size="xs" mt={4}>
                  {errorOf('recurrenceDays')}
                </Text>
              )}
              {form.recurrenceDays.length > 0 && (
                <NumberInput
                  mt="sm"
                  maw={260}
                  label={t`Number of days to repeat`}
                  description={t`How many meeting days, counted from the first day`}
                  min={1}
                  max={100}
                  allowDecimal={false}
                  allowNegative={false}
                  value={form.repeatDays}
                  onChange={(v) => set('repeatDays', String(v))}
                  error={errorOf('repeatDays')}
                />
              )}
            </Fieldset>
          )}
          {assistantOptions.length > 0 ? (
            <MultiSelect
              label={t`Assistants`}
              description={t`Assistants have the owner's powers in this meeting`}
              placeholder={form.assistants.length ? undefined : t`Choose users of this account`}
              data={assistantOptions}
              value={form.assistants}
              onChange={(v) => set('assistants', v)}
              error={errorOf('assistants')}
              searchable
            />
          ) : (
            <Text size="sm" c="dimmed" data-testid="no-assistants">
              <Trans>Assistants are chosen among the other users of this account; it has none yet.</Trans>
            </Text>
          )}
          <Fieldset legend={t`Options`} variant="unstyled">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
              {flags.map((f) => (
                <Checkbox
                  key={f.key}
                  label={f.label}
                  checked={form[f.key]}
                  onChange={(e) => set(f.key, e.currentTarget.checked)}
                />
              ))}
            </SimpleGrid>
          </Fieldset>
          <TextInput
            label={t`Meeting number (optional)`}
            description={t`Leave empty to get a number; 8 to 12 digits`}
            dir="ltr"
            inputMode="numeric"
            value={form.number}
            onChange={(e) => set('number', e.currentTarget.value)}
            error={errorOf('number')}
            maw={260}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" loading={busy} data-testid="meeting-save">
              {meeting ? <Trans>Save</Trans> : <Trans>Create the meeting</Trans>}
            </Button>
          </Group>
          <Text size="xs" c="dimmed">
            <Trans>Days and hours are in your time zone ({timeZone}).</Trans>
          </Text>
        </Stack>
      </form>
    </Modal>
  );
}
