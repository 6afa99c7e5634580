import { fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AccountDataProvider, NO_PERMISSION } from '../../state/account.tsx';
import { fakeBff, renderWithProviders } from '../../test/harness.tsx';
import type { Room } from '../rooms/api.ts';
import { RoomFormDialog } from '../rooms/RoomFormDialog.tsx';
import { validateRoom } from '../rooms/room-validation.ts';
import { roomView } from '../rooms/rooms.fixtures.ts';
import type { Meeting } from './api.ts';
import { parseEmails } from './InviteDialog.tsx';
import { MeetingFormDialog } from './MeetingFormDialog.tsx';
import { emptyMeetingForm, meetingBodyOf, meetingFormOf, validateMeeting } from './meeting-validation.ts';

const room: Room = roomView();

const account = {
  owner: { display_name: 'x', fname: 'x', lname: 'y', email: 'x@y.z', picture: null },
  permission: { ...NO_PERMISSION, showMeetingRooms: true },
  type: { type: 'inst' as const, accountType: 'owner' as const },
  storage: null,
  billing: null,
  usertrial: null,
  info: null,
};

describe('meeting form validation (spec §5)', () => {
  const opts = { today: '2026-05-10', hasRooms: true, isNew: true };
  it('needs a name, a room, a day and an hour', () => {
    const errors = validateMeeting(emptyMeetingForm(), opts);
    expect(Object.keys(errors).sort()).toEqual(['day', 'hour', 'name', 'roomId']);
    expect(errors.name).toBe('field.meetingName');
    expect(errors.roomId).toBe('field.room');
    expect(validateMeeting(emptyMeetingForm(), { ...opts, hasRooms: false }).roomId).toBe('field.addRoom');
  });
  it('refuses a day before today in the user time zone, but an edit may keep its own past day', () => {
    const form = { ...emptyMeetingForm(room.id), name: 'm', day: '2026-05-09', hour: '10:00' };
    expect(validateMeeting(form, opts).day).toBe('field.dayPast');
    expect(validateMeeting({ ...form, day: '2026-05-10' }, opts)).toEqual({});
    expect(validateMeeting(form, { ...opts, isNew: false, originalDay: '2026-05-09' })).toEqual({});
  });
  it('checks duration and days to repeat; a permanent meeting needs no day', () => {
    const base = { ...emptyMeetingForm(room.id), name: 'm', day: '2026-05-11', hour: '10:00' };
    // Hours and minutes together: the server names durationMinutes (core's rule), the form shows it under both.
    expect(validateMeeting({ ...base, durationHours: '0', durationMinutes: '0' }, opts)).toEqual({
      durationMinutes: 'field.duration',
    });
    expect(validateMeeting({ ...base, durationHours: '25' }, opts)).toEqual({ durationHours: 'field.duration' });
    expect(validateMeeting({ ...base, recurrenceDays: [0, 2], repeatEnd: 'count', repeatDays: '0' }, opts)).toEqual({
      repeatDays: 'field.repeatDays',
    });
    // days picked and no end chosen: refused, never a silent one day (issue 16)
    expect(validateMeeting({ ...base, recurrenceDays: [0, 2] }, opts)).toEqual({ repeatEnd: 'field.repeatEnd' });
    expect(
      validateMeeting({ ...base, recurrenceDays: [0, 2], repeatEnd: 'until', repeatUntil: '2026-05-10' }, opts),
    ).toEqual({ repeatUntil: 'field.repeatUntil' });
    expect(
      validateMeeting({ ...base, recurrenceDays: [0, 2], repeatEnd: 'until', repeatUntil: '2026-06-30' }, opts),
    ).toEqual({});
    expect(validateMeeting({ ...emptyMeetingForm(room.id), name: 'm', type: 'permanent' }, opts)).toEqual({});
  });
  it('sends numbers, sorted weekdays and ASCII digits', () => {
    const body = meetingBodyOf({
      ...emptyMeetingForm(room.id),
      name: ' m ',
      day: '2026-05-11',
      hour: '10:00',
      recurrenceDays: [4, 0, 2],
      repeatEnd: 'count',
      repeatDays: '6',
      durationMinutes: '30',
      number: '٤٨٢٩١٣٧',
    });
    expect(body).toMatchObject({ name: 'm', recurrenceDays: [0, 2, 4], repeatDays: 6, durationHours: 1 });
    expect(body.durationMinutes).toBe(30);
    expect(body.number).toBe('4829137');
    expect(body).not.toHaveProperty('repeatUntil');
    const until = meetingBodyOf({
      ...emptyMeetingForm(room.id),
      recurrenceDays: [1],
      repeatEnd: 'until',
      repeatDays: '6',
      repeatUntil: '2026-06-30',
    });
    expect(until).toMatchObject({ repeatUntil: '2026-06-30' });
    expect(until).not.toHaveProperty('repeatDays');
    expect(meetingBodyOf({ ...emptyMeetingForm(room.id), repeatDays: '6' })).not.toHaveProperty('repeatDays');
    // an edit shows the end the series was given
    const stored = {
      recurrenceDays: [1],
      repeatDays: 7,
      repeatUntil: '2026-06-22',
      room,
      assistants: [],
    } as unknown as Meeting;
    expect(meetingFormOf(stored)).toMatchObject({ repeatEnd: 'until', repeatUntil: '2026-06-22' });
    expect(meetingFormOf({ ...stored, repeatUntil: null })).toMatchObject({ repeatEnd: 'count', repeatDays: '7' });
  });
  it('reads invitation addresses', () => {
    expect(parseEmails('a@x.test, b@x.test\nnot-an-email a@x.test')).toEqual({
      valid: ['a@x.test', 'b@x.test'],
      invalid: ['not-an-email'],
    });
  });
  it('room: type and participants are chosen', () => {
    const errors = validateRoom({ name: '', type: '', participants: '' });
    expect(errors.name).toBe('field.roomName');
    expect(errors.type).toBe('field.roomType');
    expect(errors.participants).toBe('field.participants');
  });
});

describe('forms in Arabic', () => {
  it('the meeting form shows the spec messages and sends nothing', async () => {
    const { calls } = fakeBff({ 'GET /api/chat/users': { body: [] } });
    await renderWithProviders(
      <MemoryRouter>
        <AccountDataProvider value={account}>
          <MeetingFormDialog
            opened
            meeting={null}
            rooms={[room, { ...room, id: 'r2', name: 'قاعة ٢' }]}
            today="2026-05-10"
            timeZone="Africa/Cairo"
            onClose={() => {}}
            onSaved={() => {}}
          />
        </AccountDataProvider>
      </MemoryRouter>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'إنشاء الاجتماع' }));
    expect(await screen.findByText('أدخل اسم الاجتماع')).toBeTruthy();
    expect(screen.getByText('اختر غرفة')).toBeTruthy();
    expect(screen.getByText('اختر اليوم')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^اليوم/), { target: { value: '2026-05-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'إنشاء الاجتماع' }));
    expect(await screen.findByText('لا يمكن إنشاء اجتماع في يوم سابق لليوم')).toBeTruthy();
    expect((screen.getByLabelText(/^اليوم/) as HTMLInputElement).min).toBe('2026-05-10');
    // Every spec §3 field is on the form.
    for (const label of [
      /^اسم الاجتماع/,
      'الوصف',
      /^الساعة/,
      'ساعات',
      'دقائق',
      'السماح للمشاركين بالدخول قبل المالك',
      'التسجيل تلقائيًا',
      'السماح للمالك بإيقاف التسجيل',
      'السماح للمشاركين بتنزيل التسجيلات',
      'التنبيه عند دخول أحد أو خروجه',
      'غرفة الانتظار',
      'مفضل',
      'السبت',
      'رقم الاجتماع (اختياري)',
    ])
      expect(screen.getAllByLabelText(label).length).toBeGreaterThan(0);
    expect(screen.getByText('دائم (ثابت، متاح في أي وقت)')).toBeTruthy();
    expect(screen.getByTestId('no-assistants')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('the meeting form says "add a room" when the account has none', async () => {
    fakeBff({ 'GET /api/chat/users': { body: [] } });
    await renderWithProviders(
      <MemoryRouter>
        <MeetingFormDialog
          opened
          meeting={null}
          rooms={[]}
          today="2026-05-10"
          timeZone="Africa/Cairo"
          onClose={() => {}}
          onSaved={() => {}}
        />
      </MemoryRouter>,
    );
    expect((await screen.findByTestId('no-rooms')).textContent).toContain('أضف غرفة');
  });

  it('the room form: an empty submit shows the spec messages and sends nothing', async () => {
    const { calls } = fakeBff({});
    await renderWithProviders(
      <RoomFormDialog
        opened
        room={null}
        types={[
          { type: 'bbb', label: 'BigBlueButton', available: true, optionProfile: 'bbb' },
          { type: 'jitsi', label: 'Jitsi', available: true, optionProfile: 'jitsi' },
        ]}
        onClose={() => {}}
        onSaved={() => {}}
      />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'إضافة الغرفة' }));
    expect(await screen.findByText('أدخل اسم الغرفة')).toBeTruthy();
    expect(screen.getByText('اختر نوع الغرفة', { selector: '.mantine-InputWrapper-error' })).toBeTruthy();
    expect(screen.getByText('اختر عدد المشاركين', { selector: '.mantine-InputWrapper-error' })).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});

describe('options a room cannot honour (issue 25)', () => {
  const jitsiRoom: Room = { ...room, id: 'r-jitsi', name: 'قاعة جيتسي', type: 'jitsi' };
  const types = (jitsi: 'jitsi' | 'jitsiJwt') => ({
    body: {
      types: [
        { type: 'bbb', label: 'BigBlueButton', available: true, optionProfile: 'bbb' },
        { type: 'zoom', label: 'Zoom', available: true, optionProfile: 'zoom' },
        { type: 'jitsi', label: 'Jitsi Meet', available: true, optionProfile: jitsi },
      ],
    },
  });
  const open = async (rooms: Room[], jitsi: 'jitsi' | 'jitsiJwt' = 'jitsi') => {
    fakeBff({
      'GET /api/chat/users': { body: [] },
      'GET /api/rooms/types': types(jitsi),
    });
    await renderWithProviders(
      <MemoryRouter>
        <AccountDataProvider value={account}>
          <MeetingFormDialog
            opened
            meeting={null}
            rooms={rooms}
            today="2026-05-10"
            timeZone="Africa/Cairo"
            onClose={() => {}}
            onSaved={() => {}}
          />
        </AccountDataProvider>
      </MemoryRouter>,
    );
  };
  const box = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
  afterEach(() => localStorage.removeItem('MajlisLang'));

  it('a Jitsi room without an app secret: every option disabled, with the reason (Arabic)', async () => {
    await open([jitsiRoom]);
    expect(await screen.findByTestId('options-jitsi-open')).toBeTruthy();
    for (const label of [
      'السماح للمشاركين بالدخول قبل المالك',
      'التسجيل تلقائيًا',
      'السماح للمالك بإيقاف التسجيل',
      'السماح للمشاركين بتنزيل التسجيلات',
      'غرفة الانتظار',
    ]) {
      expect(box(label).disabled, label).toBe(true);
      expect(box(label).checked, label).toBe(false);
    }
    expect(box('التنبيه عند دخول أحد أو خروجه').disabled).toBe(true);
    expect(screen.getByText('يتطلب أحداث الدخول والخروج التي لا يرسلها Jitsi Meet')).toBeTruthy();
    expect(screen.getAllByText('غير متاح في Jitsi Meet دون مفتاح سري للتطبيق')).toHaveLength(5);
    // the favourite mark is ours, on every room
    expect(box('مفضل').disabled).toBe(false);
  });

  it('English: with an app secret the lobby and the join rules apply, recording and notifications do not', async () => {
    localStorage.setItem('MajlisLang', 'En');
    await open([jitsiRoom], 'jitsiJwt');
    await screen.findByText('Needs join and leave events, which Jitsi Meet does not send');
    expect(screen.queryByTestId('options-jitsi-open')).toBeNull();
    expect(box('Waiting room').disabled).toBe(false);
    expect(box('Allow participants to join before the owner').disabled).toBe(false);
    expect(box('Record automatically').disabled).toBe(true);
    expect(box('Notify when someone enters or leaves').disabled).toBe(true);
    expect(screen.getAllByText('Jitsi Meet records only when a moderator starts it')).toHaveLength(2);
  });

  it('a BigBlueButton room has every option; a Zoom room says who decides stopping the recording', async () => {
    await open([room, { ...room, id: 'r-zoom', name: 'Zoom', type: 'zoom' }]);
    const pick = async (name: string) => {
      fireEvent.click(screen.getByLabelText(/^الغرفة/, { selector: 'input' }));
      fireEvent.click(await screen.findByRole('option', { name, hidden: true }));
    };
    await screen.findByLabelText(/^الغرفة/, { selector: 'input' });
    await pick(room.name);
    await screen.findByLabelText('السماح للمالك بإيقاف التسجيل');
    expect(box('السماح للمالك بإيقاف التسجيل').disabled).toBe(false);
    expect(box('التنبيه عند دخول أحد أو خروجه').disabled).toBe(false);
    await pick('Zoom');
    expect(await screen.findByText('يحدّد Zoom هذا في إعدادات التسجيل لحساب Zoom')).toBeTruthy();
    expect(box('السماح للمالك بإيقاف التسجيل').disabled).toBe(true);
    expect(box('التنبيه عند دخول أحد أو خروجه').disabled).toBe(false);
  });
});
