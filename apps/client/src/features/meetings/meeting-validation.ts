import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { toAsciiDigits } from '@majlis/i18n';
import type { Meeting, MeetingBody } from './api.ts';

/** The meeting form as typed (numbers as strings until sent). */
export interface MeetingForm {
  name: string;
  description: string;
  type: 'permanent' | 'scheduled';
  roomId: string;
  day: string;
  hour: string;
  durationHours: string;
  durationMinutes: string;
  recurrenceDays: number[];
  repeatDays: string;
  assistants: string[];
  favourite: boolean;
  allowBeforeOwner: boolean;
  autoRecord: boolean;
  allowStopRecording: boolean;
  allowDownload: boolean;
  notifyEnterExit: boolean;
  waitingRoom: boolean;
  number: string;
}

export type MeetingErrors = Partial<Record<keyof MeetingForm, MessageDescriptor>>;

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
    repeatDays: '1',
    assistants: [],
    favourite: false,
    allowBeforeOwner: false,
    autoRecord: false,
    allowStopRecording: true,
    allowDownload: false,
    notifyEnterExit: false,
    waitingRoom: false,
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
    repeatDays: String(m.repeatDays),
    assistants: m.assistants.map((a) => a.id),
    favourite: m.favourite,
    allowBeforeOwner: m.allowBeforeOwner,
    autoRecord: m.autoRecord,
    allowStopRecording: m.allowStopRecording,
    allowDownload: m.allowDownload,
    notifyEnterExit: m.notifyEnterExit,
    waitingRoom: m.waitingRoom,
    number: m.number,
  };
}

const int = (v: string) => (/^\d+$/.test(toAsciiDigits(v).trim()) ? Number(toAsciiDigits(v).trim()) : Number.NaN);

/**
 * Spec §5: 'enter the meeting name', 'select a room' ('add a room' when the account has none), and no day before
 * today in the user's time zone (`today` is 'YYYY-MM-DD' there). `isNew`: an edit may keep a day already past.
 */
export function validateMeeting(
  form: MeetingForm,
  opts: { today: string; hasRooms: boolean; isNew: boolean; originalDay?: string | null },
): MeetingErrors {
  const errors: MeetingErrors = {};
  if (!form.name.trim()) errors.name = msg`Enter the meeting name`;
  else if (form.name.trim().length > 200) errors.name = msg`The name is too long`;
  if (form.description.length > 2000) errors.description = msg`The description is too long`;
  if (!form.roomId) errors.roomId = opts.hasRooms ? msg`Select a room` : msg`Add a room`;
  if (form.type === 'scheduled') {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(form.day)) errors.day = msg`Select the day`;
    else if (form.day < opts.today && (opts.isNew || form.day !== opts.originalDay))
      errors.day = msg`A meeting cannot be created for a day before today`;
    if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(form.hour)) errors.hour = msg`Select the hour`;
    if (form.recurrenceDays.length) {
      const n = int(form.repeatDays);
      if (!(n >= 1 && n <= 100)) errors.repeatDays = msg`Choose the number of days to repeat (1 to 100)`;
    }
  }
  const h = int(form.durationHours);
  const m = int(form.durationMinutes);
  if (!(h >= 0 && h <= 24 && m >= 0 && m <= 59) || h * 60 + m <= 0 || h * 60 + m > 24 * 60) {
    errors.durationHours = msg`Choose the duration (up to 24 hours)`;
  }
  if (form.number.trim() && !/^\d{8,12}$/.test(toAsciiDigits(form.number).trim()))
    errors.number = msg`The meeting number has 8 to 12 digits`;
  return errors;
}

/** The API body for a valid form. */
export function meetingBodyOf(form: MeetingForm): MeetingBody {
  const scheduled = form.type === 'scheduled';
  const body: MeetingBody = {
    name: form.name.trim(),
    description: form.description.trim(),
    type: form.type,
    roomId: form.roomId,
    durationHours: int(form.durationHours),
    durationMinutes: int(form.durationMinutes),
    recurrenceDays: scheduled ? [...form.recurrenceDays].sort() : [],
    repeatDays: scheduled && form.recurrenceDays.length ? int(form.repeatDays) : 1,
    assistants: form.assistants,
    favourite: form.favourite,
    allowBeforeOwner: form.allowBeforeOwner,
    autoRecord: form.autoRecord,
    allowStopRecording: form.allowStopRecording,
    allowDownload: form.allowDownload,
    notifyEnterExit: form.notifyEnterExit,
    waitingRoom: form.waitingRoom,
  };
  if (scheduled) {
    body.day = form.day;
    body.hour = form.hour;
  }
  if (form.number.trim()) body.number = toAsciiDigits(form.number).trim();
  return body;
}
