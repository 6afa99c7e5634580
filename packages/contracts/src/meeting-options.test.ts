import { describe, expect, it } from 'vitest';
import {
  honouredOptions,
  ignoredOptions,
  MEETING_OPTION_SUPPORT,
  optionProfile,
  optionUnavailable,
} from './meeting-options.ts';
import { MEETING_OPTION_DEFAULTS, MEETING_OPTIONS, type MeetingOptions } from './meetings.ts';
import { OPTION_PROFILES } from './option-profiles.ts';

const allOn = Object.fromEntries(MEETING_OPTIONS.map((o) => [o, true])) as MeetingOptions;

describe('which options each provider honours (issue 25)', () => {
  it('names a profile per room type, Jitsi by whether this server signs its joins', () => {
    expect(optionProfile('bbb', false)).toBe('bbb');
    expect(optionProfile('zoom', true)).toBe('zoom');
    expect(optionProfile('jitsi', false)).toBe('jitsi');
    expect(optionProfile('jitsi', true)).toBe('jitsiJwt');
  });

  it('BigBlueButton honours all; Zoom all but stopping the recording; Jitsi without a secret none', () => {
    expect(honouredOptions('bbb', allOn)).toEqual(allOn);
    expect(honouredOptions('zoom', allOn)).toEqual({ ...allOn, allowStopRecording: false });
    expect(Object.values(honouredOptions('jitsi', allOn)).some(Boolean)).toBe(false);
    expect(honouredOptions('jitsiJwt', allOn)).toEqual({
      allowBeforeOwner: true,
      autoRecord: false,
      allowStopRecording: false,
      allowDownload: false,
      notifyEnterExit: false,
      waitingRoom: true,
    });
    expect(optionUnavailable('jitsi', 'notifyEnterExit')).toBe('needsProviderEvents');
    expect(optionUnavailable('zoom', 'notifyEnterExit')).toBeNull();
  });

  it('lists what a save would ignore: only options turned on', () => {
    expect(ignoredOptions('zoom', MEETING_OPTION_DEFAULTS)).toEqual(['allowStopRecording']);
    expect(ignoredOptions('jitsi', { ...MEETING_OPTION_DEFAULTS, allowStopRecording: false })).toEqual([]);
    expect(ignoredOptions('bbb', allOn)).toEqual([]);
  });

  it('every profile has a row, and every row names only known options', () => {
    expect(Object.keys(MEETING_OPTION_SUPPORT).sort()).toEqual([...OPTION_PROFILES].sort());
    for (const row of Object.values(MEETING_OPTION_SUPPORT))
      for (const option of Object.keys(row)) expect(MEETING_OPTIONS).toContain(option);
  });
});
