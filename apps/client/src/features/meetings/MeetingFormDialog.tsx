import { Trans, useLingui } from '@lingui/react/macro';
import { honouredOptions } from '@majlis/contracts/meeting-options';
import {
  Alert,
  Anchor,
  Button,
  Fieldset,
  Group,
  Modal,
  MultiSelect,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { zoneLabel } from '../../lib/format.ts';
import { fieldErrorsOf, formErrorOf } from '../../lib/server-errors.ts';
import { type AccountUser, accountUsers } from '../../state/account-users.ts';
import { useLanguage } from '../../state/language.tsx';
import { queryKeys } from '../../state/query-keys.ts';
import { DigitsInput } from '../../ui/DigitsInput.tsx';
import { revealFirstError } from '../../ui/reveal-error.ts';
import { useFieldError } from '../../ui/use-field-error.ts';
import { type Room, type RoomTypeInfo, roomsApi } from '../rooms/api.ts';
import { useRoomName } from '../rooms/room-name.ts';
import { type Meeting, meetingsApi } from './api.ts';
import { MeetingOptions, profileOf } from './MeetingOptions.tsx';
import {
  emptyMeetingForm,
  type MeetingForm,
  meetingBodyOf,
  meetingFormOf,
  validateMeeting,
} from './meeting-validation.ts';
import { RecurrenceFields } from './RecurrenceFields.tsx';

/** Create a meeting, or edit one (all days of a recurring one): every field of spec §3. */
const NO_USERS: AccountUser[] = [];
const NO_TYPES: RoomTypeInfo[] = [];

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
  const roomName = useRoomName();
  const language = useLanguage();
  // The zone by its name in the reader's language ('توقيت مصر'), never its id ('Africa/Cairo').
  const zone = zoneLabel(language, timeZone);
  const errorText = useFieldError();
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Read each time the dialog opens. A failed users list offers no assistants; failed types show Jitsi as without an
  // app secret, and the form still works.
  const users =
    useQuery({ queryKey: queryKeys.account.users, queryFn: accountUsers, enabled: opened }).data ?? NO_USERS;
  /** Which options each room type's provider honours here (the server saves the others off). */
  const types =
    useQuery({ queryKey: queryKeys.rooms.types, queryFn: roomsApi.types, enabled: opened }).data ?? NO_TYPES;

  const usableRooms = rooms.filter((r) => r.status === 'active' || r.id === meeting?.room.id);
  const form = useForm<MeetingForm>({
    initialValues: emptyMeetingForm(),
    // The contract the BFF validates with, and the schedule rules core applies (meeting-validation.ts).
    validate: (values) =>
      validateMeeting(values, {
        today,
        hasRooms: usableRooms.length > 0,
        isNew: !meeting,
        originalDay: meeting?.day,
      }),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: filled when the dialog opens, not on every change of the rooms; form's methods change with its inline validate, and re-running would wipe what the user typed.
  useEffect(() => {
    if (!opened) return;
    form.setValues(
      meeting ? meetingFormOf(meeting) : emptyMeetingForm(usableRooms.length === 1 ? usableRooms[0]?.id : ''),
    );
    form.clearErrors();
    setFormError(null);
  }, [opened, meeting]);

  const values = form.getValues();
  const roomType = (rooms.find((r) => r.id === values.roomId) ?? meeting?.room)?.type;
  const profile = profileOf(roomType, types);
  const input = (field: keyof MeetingForm) => {
    const props = form.getInputProps(field);
    return { ...props, error: errorText(props.error) };
  };
  // Hours and minutes are judged together (spec §5 "up to 24 hours"): one message under both.
  const durationError = errorText(form.errors.durationHours ?? form.errors.durationMinutes);

  // Assistants can only be users of this account (the server checks it too); the current ones stay listed.
  const assistantOptions = [
    ...users.map((u) => ({ value: u.userId, label: u.name })),
    ...(meeting?.assistants ?? [])
      .filter((a) => !users.some((u) => u.userId === a.id))
      .map((a) => ({ value: a.id, label: `${a.fname} ${a.lname}` })),
  ];

  const formRef = useRef<HTMLFormElement>(null);
  const submit = form.onSubmit(
    async (valid) => {
      setFormError(null);
      setBusy(true);
      try {
        // what the room's provider cannot honour goes off, as the form shows it (and as the server would save it)
        const body = meetingBodyOf(profile ? honouredOptions(profile, valid) : valid);
        onSaved(meeting ? await meetingsApi.update(meeting.id, body) : await meetingsApi.create(body));
      } catch (error) {
        const fields = fieldErrorsOf(error, language);
        // The calendar's startsAt is the form's day.
        form.setErrors({ ...fields, ...(fields.startsAt && !fields.day ? { day: fields.startsAt } : {}) });
        setFormError(formErrorOf(error, language, t`An error occurred, try again`));
        revealFirstError(formRef.current);
      } finally {
        setBusy(false);
      }
    },
    () => revealFirstError(formRef.current),
  );

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
      <form noValidate onSubmit={submit} ref={formRef}>
        <Stack>
          {formError && (
            <Alert color="red" variant="light" role="alert" data-testid="meeting-form-error">
              {formError}
            </Alert>
          )}
          <TextInput label={t`Meeting name`} {...input('name')} required data-autofocus />
          <Textarea label={t`Description`} {...input('description')} rows={3} />
          {usableRooms.length === 0 && !meeting ? (
            <Alert color="orange" variant="light" role="alert" data-testid="no-rooms">
              <Stack gap={4}>
                <Text size="sm" fw={600}>
                  {errorText(form.errors.roomId) ?? t`Add a room`}
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
              data={usableRooms.map((r) => ({ value: r.id, label: roomName(r) }))}
              value={values.roomId || null}
              onChange={(v) => form.setFieldValue('roomId', v ?? '')}
              error={errorText(form.errors.roomId)}
              required
            />
          )}
          <Radio.Group label={t`Meeting type`} {...form.getInputProps('type')}>
            <Group mt={6}>
              <Radio value="scheduled" label={t`Scheduled (time-bound)`} />
              <Radio value="permanent" label={t`Permanent (fixed, available at any time)`} />
            </Group>
          </Radio.Group>
          {values.type === 'scheduled' && (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput type="date" label={t`Day`} min={meeting ? undefined : today} {...input('day')} required />
              <TextInput type="time" label={t`Hour`} {...input('hour')} required />
            </SimpleGrid>
          )}
          <Fieldset legend={t`Duration`} variant="unstyled">
            <SimpleGrid cols={2}>
              <DigitsInput
                label={t`Hours`}
                value={values.durationHours}
                onChange={(v) => form.setFieldValue('durationHours', v)}
                error={durationError ? true : undefined}
              />
              <DigitsInput
                label={t`Minutes`}
                value={values.durationMinutes}
                onChange={(v) => form.setFieldValue('durationMinutes', v)}
                error={durationError ? true : undefined}
              />
            </SimpleGrid>
            {durationError && (
              <Text c="red" size="xs" mt={4} role="alert">
                {durationError}
              </Text>
            )}
          </Fieldset>
          {values.type === 'scheduled' && <RecurrenceFields form={form} />}
          {assistantOptions.length > 0 ? (
            <MultiSelect
              label={t`Assistants`}
              description={t`Assistants have the owner's powers in this meeting`}
              placeholder={values.assistants.length ? undefined : t`Choose users of this account`}
              data={assistantOptions}
              {...input('assistants')}
              searchable
            />
          ) : (
            <Text size="sm" c="dimmed" data-testid="no-assistants">
              <Trans>Assistants are chosen among the other users of this account; it has none yet.</Trans>
            </Text>
          )}
          <MeetingOptions form={form} profile={profile} />
          <TextInput
            label={t`Meeting number (optional)`}
            description={t`Leave empty to get a number; 8 to 12 digits`}
            dir="ltr"
            inputMode="numeric"
            {...input('number')}
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
            <Trans>Days and hours are in {zone}.</Trans>
          </Text>
        </Stack>
      </form>
    </Modal>
  );
}
