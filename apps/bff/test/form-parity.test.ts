import * as schema from '@majlis/core/db/schema/index';
import { addDays, todayIn } from '@majlis/core/meetings/time';
import { createRuntime, type Runtime } from '@majlis/core/runtime';
import { createTestDatabase, type TestDatabase, testConfig } from '@majlis/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The client's own form validators, by relative path: this test exists to hold the client's forms and the BFF's routes
// to the same rules, so it reaches across the app boundary on purpose (only tests do; the apps never import each
// other). They are plain functions over the shared contract (no React, no DOM, no Lingui macros).
import {
  type RegisterForm,
  registerBodyOf,
  validateRegister,
} from '../../client/src/features/auth/new-password-validation.ts';
import {
  emptyMeetingForm,
  type MeetingForm,
  meetingBodyOf,
  validateMeeting,
} from '../../client/src/features/meetings/meeting-validation.ts';
import { type RoomForm, roomBodyOf, validateRoom } from '../../client/src/features/rooms/room-validation.ts';
import { createApp } from '../src/app.ts';
import { TestClient } from './client.ts';

/**
 * One table per form: each row is what a person could type, given to the client's validator and, mapped to the body
 * the form would send, to the real route. Both must name the `fields` the row expects (none for a valid row, which
 * both accept). Rows carry one fault each: the route stops at the first layer that refuses (schema, then service),
 * the form names every fault at once, so a row with two faults would compare two different truths.
 */
interface Row<F> {
  name: string;
  form: F;
  fields: string[];
}

const PASSWORD = 'Demo-password-1';
const TZ = 'Africa/Cairo';
const long = (n: number) => 'م'.repeat(n);

const meetingRows = (roomId: string, today: string): Row<MeetingForm>[] => {
  const ok: MeetingForm = { ...emptyMeetingForm(roomId), name: 'اجتماع الفريق', day: addDays(today, 1), hour: '10:30' };
  const row = (name: string, over: Partial<MeetingForm>, fields: string[]) => ({
    name,
    form: { ...ok, ...over },
    fields,
  });
  return [
    row('valid, one day', {}, []),
    row(
      'valid, weekly with Arabic-Indic digits in the number',
      { recurrenceDays: [0, 3], repeatEnd: 'count', repeatDays: '٦', number: '٤٨٢٩١٣٧٥' },
      [],
    ),
    row('valid, permanent without day or hour', { type: 'permanent', day: '', hour: '' }, []),
    row('empty name', { name: '   ' }, ['name']),
    row('name too long', { name: long(201) }, ['name']),
    row('control character in the name', { name: 'a\u0000b' }, ['name']),
    row('description too long', { description: long(2001) }, ['description']),
    row('control character in the description', { description: 'agenda\u0007' }, ['description']),
    row('missing room', { roomId: '' }, ['roomId']),
    row('scheduled without a day', { day: '' }, ['day']),
    row('a day that does not exist', { day: '2031-02-30' }, ['day']),
    row('a day before today', { day: addDays(today, -1) }, ['day']),
    row('scheduled without an hour', { hour: '' }, ['hour']),
    row('an hour that does not exist', { hour: '24:10' }, ['hour']),
    row('no length at all', { durationHours: '0', durationMinutes: '0' }, ['durationMinutes']),
    row('more than 24 hours', { durationHours: '25' }, ['durationHours']),
    row('24 hours and some minutes', { durationHours: '24', durationMinutes: '30' }, ['durationMinutes']),
    row('minutes out of range', { durationMinutes: '60' }, ['durationMinutes']),
    row('hours not a number', { durationHours: 'x' }, ['durationHours']),
    row(
      'valid, weekly until a last day',
      { recurrenceDays: [1, 3], repeatEnd: 'until', repeatUntil: addDays(today, 40) },
      [],
    ),
    row('days without an end (issue 16: no default of one day)', { recurrenceDays: [1], repeatDays: '3' }, [
      'repeatEnd',
    ]),
    row('repeat days 0', { recurrenceDays: [1], repeatEnd: 'count', repeatDays: '0' }, ['repeatDays']),
    row('repeat days 101', { recurrenceDays: [1], repeatEnd: 'count', repeatDays: '101' }, ['repeatDays']),
    row('a last day before the first', { recurrenceDays: [1], repeatEnd: 'until', repeatUntil: today }, [
      'repeatUntil',
    ]),
    row(
      'a last day giving more than 100 days',
      { recurrenceDays: [0, 1, 2, 3, 4], repeatEnd: 'until', repeatUntil: addDays(today, 200) },
      ['repeatUntil'],
    ),
    row('meeting number too short', { number: '1234567' }, ['number']),
    row('meeting number with letters', { number: '12345abc' }, ['number']),
  ];
};

const roomRows = (): Row<RoomForm>[] => {
  const ok: RoomForm = { name: 'القاعة الكبرى', type: 'jitsi', participants: '50' };
  const row = (name: string, over: Partial<RoomForm>, fields: string[]) => ({ name, form: { ...ok, ...over }, fields });
  return [
    row('valid', {}, []),
    row('empty name', { name: '' }, ['name']),
    row('name too long', { name: long(101) }, ['name']),
    row('control character in the name', { name: 'room\u001b[31m' }, ['name']),
    row('no type chosen', { type: '' }, ['type']),
    row('unknown room type', { type: 'webex' as RoomForm['type'] }, ['type']),
    row('no participants chosen', { participants: '' }, ['participants']),
    row('one participant', { participants: '1' }, ['participants']),
    row('too many participants', { participants: '1001' }, ['participants']),
  ];
};

let seq = 0;
const registerRows = (): Row<RegisterForm>[] => {
  const ok = (): RegisterForm => ({
    fname: 'منى',
    lname: 'صالح',
    email: `parity${++seq}.${Date.now()}@example.test`,
    password: 'Newcomer-2026!',
    confirm: 'Newcomer-2026!',
    countryCode: '+20',
    phone: '010 0123 4567',
    acceptTerms: true,
    ageConfirmed: true,
  });
  const row = (name: string, over: Partial<RegisterForm>, fields: string[]) => {
    const form = { ...ok(), ...over };
    // The confirmation is the form's own rule (the server never sees it): keep it in step with the password.
    return { name, form: { ...form, confirm: over.confirm ?? form.password }, fields };
  };
  return [
    row('valid', {}, []),
    row('valid, number with its own code in Arabic-Indic digits', { countryCode: '', phone: '+٩٦٦٥٠١٢٣٤٥٦٧' }, []),
    row('empty first name', { fname: '' }, ['fname']),
    row('first name too long', { fname: long(101) }, ['fname']),
    row('control character in the last name', { lname: 'Saleh\u0000' }, ['lname']),
    row('empty e-mail', { email: '' }, ['email']),
    row('malformed e-mail', { email: 'mona.example.test' }, ['email']),
    row('short password', { password: 'Ab1-x' }, ['password']),
    row('too long password', { password: 'A1-'.repeat(50) }, ['password']),
    row('common password', { password: 'password123' }, ['password']),
    row('password is the e-mail', { email: 'mona.saleh@example.test', password: 'mona.saleh@example.test' }, [
      'password',
    ]),
    row('phone too short', { phone: '12' }, ['phone']),
    row('national number without a country code', { countryCode: '', phone: '1001234567' }, ['phone']),
    row('terms not accepted', { acceptTerms: false }, ['acceptTerms']),
    row('age not confirmed', { ageConfirmed: false }, ['ageConfirmed']),
  ];
};

/** The fields a 400 names; none for a success. Anything else (a 409, a 500) fails the row. */
function fieldsOf(res: { status: number; json: { fields?: Record<string, unknown> } }): string[] {
  if (res.status < 300) return [];
  expect(res.status, JSON.stringify(res.json)).toBe(400);
  return Object.keys(res.json.fields ?? {}).sort();
}

describe('forms reject exactly what the API rejects (meeting, room, register)', () => {
  let database: TestDatabase;
  let runtime: Runtime;
  let app: ReturnType<typeof createApp>;
  const config = testConfig({ TRUST_PROXY: '1' });
  const client = () => new TestClient((url, init) => app.request(url, init));
  let owner: TestClient;
  let roomId = '';
  const today = todayIn(TZ);

  beforeAll(async () => {
    database = await createTestDatabase('pglite', { seeded: true });
    runtime = await createRuntime(config, { database });
    // The form judges "today" in the user's zone, as core does with the stored one.
    await runtime.db.update(schema.users).set({ timeZone: TZ });
    app = createApp(runtime);
    owner = client();
    expect((await owner.login('owner@demo.test', PASSWORD)).status).toBe(200);
    const room = await owner.post('/api/rooms', { name: 'غرفة المقارنة', type: 'jitsi', participants: 10 });
    expect(room.status).toBe(201);
    roomId = room.json.id;
  });
  afterAll(async () => {
    await runtime?.close();
    await database?.drop();
    config.cleanup();
  });

  it('the meeting form', async () => {
    for (const { name, form, fields } of meetingRows(roomId, today)) {
      const onClient = Object.keys(validateMeeting(form, { today, hasRooms: true, isNew: true })).sort();
      const onServer = fieldsOf(await owner.post('/api/meetings', meetingBodyOf(form)));
      expect({ row: name, onClient, onServer }).toEqual({ row: name, onClient: fields, onServer: fields });
    }
  });

  it('the room form', async () => {
    for (const { name, form, fields } of roomRows()) {
      const onClient = Object.keys(validateRoom(form)).sort();
      const onServer = fieldsOf(await owner.post('/api/rooms', roomBodyOf(form)));
      expect({ row: name, onClient, onServer }).toEqual({ row: name, onClient: fields, onServer: fields });
    }
  });

  it('the register form', async () => {
    for (const { name, form, fields } of registerRows()) {
      const visitor = client();
      await visitor.csrf();
      const onClient = Object.keys(validateRegister(form)).sort();
      const onServer = fieldsOf(await visitor.post('/api/register', registerBodyOf(form)));
      expect({ row: name, onClient, onServer }).toEqual({ row: name, onClient: fields, onServer: fields });
    }
  });
});
