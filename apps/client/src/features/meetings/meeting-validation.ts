import { meetingScheduleIssues } from '@majlis/contracts/meeting-schedule';
import {
  MEETING_FLAG_DEFAULTS,
  type MeetingFlags,
  pickFlags,
  type TMeetingBodyInput,
  ZMeetingBody,
} from '@majlis/contracts/meetings';
import { toAsciiDigits } from '@majlis/i18n';
import { schemaResolver } from '@mantine/form';
import { type FieldErrors, topLevelErrors } from '../../lib/field-errors.ts';
import type { Meeting } from './api.ts';

/**
 * The meeting form: its defaults, the mapping to the API body, and validation with the contract the BFF validates
 * with (ZMeetingBody, then the schedule rules core applies), so the form refuses what the route refuses, with the
 * same catalog ids ('field.meetingName' …). Numbers stay strings while typed (Arabic-Indic digits allowed). The
 * on/off fields (favourite and the provider options) come from the contract's list, one checkbox each.
 */
export type RepeatEnd = '' | 'count' | 'until';

export interface MeetingForm extends MeetingFlags {
  name: string;
  description: string;
  type: 'permanent' | 'scheduled';
  roomId: string;
  day: string;
  hour: string;
  durationHours: string;
  durationMinutes: string;
  recurrenceDays: number[];
  /** How the repetition ends, chosen once days are picked: a number of meetings or a last day; '' until chosen. */
  repeatEnd: RepeatEnd;
  repeatDays: string;
  /** 'YYYY-MM-DD' in the user's time zone. */
  repeatUntil: string;
  assistants: string[];
  number: string;
}

/** Field (wire name) → catalog id of server.po. */
export type MeetingErrors = FieldErrors<keyof MeetingForm>;

export function emptyMeetingForm(roomId = ''): MeetingForm {
  return {
    name: '',
    description: '',
    type: 'scheduled',
    roomId,
    day: '',
    hour: '',
    durationHours: '1',
    durationMinutes: '0',
    recurrenceDays: [],
    repeatEnd: '',
    repeatDays: '',
    repeatUntil: '',
    assistants: [],
    ...MEETING_FLAG_DEFAULTS,
    number: '',
  };
}

export function meetingFormOf(m: Meeting): MeetingForm {
  return {
    name: m.name,
    description: m.description,
    type: m.type,
    roomId: m.room.id,
    day: m.day ?? '',
    hour: m.hour ?? '',
    durationHours: String(m.durationHours),
    durationMinutes: String(m.durationMinutes),
    recurrenceDays: [...m.recurrenceDays],
    // a series shows the end it was given: its last day, or its count
    repeatEnd: m.recurrenceDays.length ? (m.repeatUntil ? 'until' : 'count') : '',
    repeatDays: m.recurrenceDays.length ? String(m.repeatDays) : '',
    repeatUntil: m.repeatUntil ?? '',
    assistants: m.assistants.map((a) => a.id),
    ...pickFlags(m),
    number: m.number,
  };
}

/** A whole number as typed, or NaN (which the schema refuses with the field's own message). */
const int = (v: string) => (/^\d+$/.test(toAsciiDigits(v).trim()) ? Number(toAsciiDigits(v).trim()) : Number.NaN);

/** The API body of the form: numbers, sorted weekdays, ASCII digits; no day or hour for a permanent meeting. */
export function meetingBodyOf(form: MeetingForm): TMeetingBodyInput {
  const scheduled = form.type === 'scheduled';
  const body: TMeetingBodyInput = {
    name: form.name.trim(),
    description: form.description.trim(),
    type: form.type,
    roomId: form.roomId,
    durationHours: int(form.durationHours),
    durationMinutes: int(form.durationMinutes),
    recurrenceDays: scheduled ? [...form.recurrenceDays].sort() : [],
    assistants: form.assistants,
    ...pickFlags(form),
  };
  // the one end the user chose, none before they choose (the server refuses days without an end)
  if (scheduled && form.recurrenceDays.length && form.repeatEnd === 'count') body.repeatDays = int(form.repeatDays);
  if (scheduled && form.recurrenceDays.length && form.repeatEnd === 'until') body.repeatUntil = form.repeatUntil;
  if (scheduled) {
    body.day = form.day;
    body.hour = form.hour;
  }
  if (form.number.trim()) body.number = toAsciiDigits(form.number).trim();
  return body;
}

const checkBody = schemaResolver(ZMeetingBody, { sync: true });

/**
 * Spec §5, as the server judges it: the contract's schema and the schedule rules core applies after it. The form
 * names every fault at once, where the server stops at the first layer that refuses; a field the schema already
 * refused is not judged again by the schedule rules, so each field carries the message the server would give it.
 * `today` is 'YYYY-MM-DD' in the user's time zone (an edit may keep a day already past). With no room to choose, a
 * missing room reads "add a room", as the server says for an account without rooms.
 */
export function validateMeeting(
  form: MeetingForm,
  opts: { today: string; hasRooms: boolean; isNew: boolean; originalDay?: string | null },
): MeetingErrors {
  const body = meetingBodyOf(form);
  const own: MeetingErrors = topLevelErrors(checkBody(body));
  const keepsPastDay = !opts.isNew && form.day === opts.originalDay;
  const schedule: MeetingErrors = meetingScheduleIssues(
    {
      type: form.type,
      day: body.day,
      hour: body.hour,
      durationHours: body.durationHours ?? 0,
      durationMinutes: body.durationMinutes ?? 0,
      recurrenceDays: body.recurrenceDays ?? [],
      repeatDays: body.repeatDays,
      repeatUntil: body.repeatUntil,
    },
    { today: keepsPastDay ? undefined : opts.today },
  );
  if (own.durationHours) delete schedule.durationMinutes;
  const errors: MeetingErrors = { ...schedule, ...own };
  if (errors.roomId && !opts.hasRooms) errors.roomId = 'field.addRoom';
  return errors;
}
