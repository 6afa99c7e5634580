import { describe, expect, it } from 'vitest';
import { decideTrial, TRIAL_MAX_TRIES, type TrialVerificationEvent } from './trial-verification.machine.ts';

const submit = (over: Partial<Extract<TrialVerificationEvent, { type: 'phone.submit' }>> = {}) =>
  ({ type: 'phone.submit', userUsed: false, phoneUsed: false, waitSeconds: 0, ...over }) as const;
const activate = (over: Partial<Extract<TrialVerificationEvent, { type: 'trial.activate' }>> = {}) =>
  ({ type: 'trial.activate', userUsed: false, phoneUsed: false, roomPaid: false, ...over }) as const;

describe('trialVerification decisions', () => {
  it('sends a code for a fresh phone, and refuses one already used by this user or another', () => {
    expect(decideTrial('phone', {}, submit())).toMatchObject({
      ok: true,
      state: 'codeSent',
      effects: ['sendCode'],
      refusal: null,
      context: { triesLeft: TRIAL_MAX_TRIES },
    });
    expect(decideTrial('phone', {}, submit({ userUsed: true }))).toMatchObject({
      ok: false,
      state: 'phone',
      effects: [],
      refusal: 'TRIAL_ALREADY_USED',
    });
    expect(decideTrial('phone', {}, submit({ phoneUsed: true })).refusal).toBe('TRIAL_ALREADY_USED');
  });

  it('makes a resend wait, then sends again without giving back tries', () => {
    expect(decideTrial('codeSent', { triesLeft: 3 }, { type: 'code.resend', waitSeconds: 12 })).toMatchObject({
      ok: false,
      state: 'codeSent',
      refusal: 'TRIAL_RESEND_TOO_EARLY',
    });
    expect(decideTrial('codeSent', { triesLeft: 3 }, { type: 'code.resend', waitSeconds: 0 })).toMatchObject({
      ok: true,
      state: 'codeSent',
      effects: ['sendCode'],
      context: { triesLeft: 3 },
    });
    // Another number is a new verification with its own tries, and waits the same.
    expect(decideTrial('codeSent', { triesLeft: 3 }, submit({ waitSeconds: 5 })).refusal).toBe(
      'TRIAL_RESEND_TOO_EARLY',
    );
    expect(decideTrial('codeSent', { triesLeft: 3 }, submit()).context.triesLeft).toBe(TRIAL_MAX_TRIES);
  });

  it('counts wrong codes and ends the verification on the last try', () => {
    expect(decideTrial('codeSent', { triesLeft: 5 }, { type: 'code.submit', result: 'wrong' })).toMatchObject({
      ok: false,
      state: 'codeSent',
      effects: ['countTry'],
      refusal: 'TRIAL_CODE_WRONG',
      context: { triesLeft: 4 },
    });
    expect(decideTrial('codeSent', { triesLeft: 1 }, { type: 'code.submit', result: 'wrong' })).toMatchObject({
      ok: false,
      state: 'phone',
      effects: ['failVerification'],
      refusal: 'TRIAL_TOO_MANY_TRIES',
      context: { triesLeft: TRIAL_MAX_TRIES },
    });
    expect(decideTrial('codeSent', { triesLeft: 4 }, { type: 'code.submit', result: 'maxAttempts' }).state).toBe(
      'phone',
    );
    expect(decideTrial('codeSent', {}, { type: 'code.submit', result: 'expired' })).toMatchObject({
      state: 'phone',
      effects: ['expireVerification'],
      refusal: 'TRIAL_CODE_EXPIRED',
    });
  });

  it('verifies a right code and activates unless used meanwhile or the room is paid', () => {
    expect(decideTrial('codeSent', {}, { type: 'code.submit', result: 'approved' })).toMatchObject({
      ok: true,
      state: 'verified',
      effects: ['markVerified'],
    });
    expect(decideTrial('verified', {}, activate())).toMatchObject({
      ok: true,
      state: 'activated',
      effects: ['activateTrial'],
    });
    expect(decideTrial('verified', {}, activate({ phoneUsed: true })).refusal).toBe('TRIAL_ALREADY_USED');
    expect(decideTrial('verified', {}, activate({ roomPaid: true }))).toMatchObject({
      ok: false,
      state: 'verified',
      refusal: 'TRIAL_NOT_NEEDED',
    });
  });

  it('names events that are no step of the state', () => {
    expect(decideTrial('phone', {}, { type: 'code.submit', result: 'approved' })).toMatchObject({
      ok: false,
      state: 'phone',
      refusal: 'TRIAL_TRANSITION',
    });
    expect(decideTrial('activated', {}, submit()).refusal).toBe('TRIAL_ALREADY_USED');
  });
});
