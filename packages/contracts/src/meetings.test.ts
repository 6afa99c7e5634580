import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  MEETING_FLAGS,
  MEETING_OPTIONS,
  type MeetingOptions,
  pickFlags,
  pickOptions,
  type TMeetingBody,
  type TMeetingBodyInput,
  ZMeetingBody,
} from './meetings.ts';

// The body's on/off fields are built from MEETING_FLAGS: these pin what the hand-written fields used to say.
const minimal = { name: 'Weekly', roomId: '0190a6b1-7c2e-7d3f-8a4b-5c6d7e8f9a0b' };

describe('ZMeetingBody flags', () => {
  it('keeps exact types: each flag is a boolean out, optional in', () => {
    expectTypeOf<TMeetingBody['notifyEnterExit']>().toEqualTypeOf<boolean>();
    expectTypeOf<TMeetingBody['favourite']>().toEqualTypeOf<boolean>();
    expectTypeOf<TMeetingBodyInput['allowStopRecording']>().toEqualTypeOf<boolean | undefined>();
  });

  it('fills every flag left out with its default: the owner may stop a recording, everything else off', () => {
    const body = ZMeetingBody.parse(minimal);
    expect(pickFlags(body)).toEqual({
      favourite: false,
      allowBeforeOwner: false,
      autoRecord: false,
      allowStopRecording: true,
      allowDownload: false,
      notifyEnterExit: false,
      waitingRoom: false,
    });
  });

  it('keeps what the client sent, including an explicit false for a default-on option', () => {
    const body = ZMeetingBody.parse({ ...minimal, allowStopRecording: false, waitingRoom: true });
    expect(body.allowStopRecording).toBe(false);
    expect(body.waitingRoom).toBe(true);
  });

  it.each(MEETING_FLAGS)('refuses a non-boolean %s with field.invalid', (flag) => {
    const r = ZMeetingBody.safeParse({ ...minimal, [flag]: 'yes' });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([[flag, 'field.invalid']]);
  });
});

describe('pickOptions', () => {
  it('copies the provider options only, leaving the other fields of a row behind', () => {
    const row = { id: 'm1', favourite: true, ...Object.fromEntries(MEETING_OPTIONS.map((o, i) => [o, i % 2 === 0])) };
    const options = pickOptions(row as MeetingOptions & { id: string; favourite: boolean });
    expect(Object.keys(options)).toEqual([...MEETING_OPTIONS]);
    expect(options.allowBeforeOwner).toBe(true);
    expect(options.autoRecord).toBe(false);
  });
});
