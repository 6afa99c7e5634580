import { describe, expect, it } from 'vitest';
import { decideConsent, decideConsentChange } from './cookie-consent.machine.ts';

const policyVersion = 3;

/** Issue 17: a choice counts only under the cookie policy it was made under; made once per policy. */
describe('decideConsent', () => {
  it.each([
    [null, null, 'unknown'],
    ['true', 3, 'accepted'],
    ['accepted', 3, 'accepted'],
    ['false', 3, 'declined'],
    ['declined', 3, 'declined'],
    ['true', 2, 'unknown'],
    ['declined', 2, 'unknown'],
    ['true', null, 'unknown'],
    ['maybe', 3, 'unknown'],
  ] as const)('%s of version %s → %s', (stored, storedVersion, expected) => {
    expect(decideConsent({ stored, storedVersion, policyVersion })).toBe(expected);
  });

  it('takes a choice where none stands under today’s policy, and refuses a second', () => {
    expect(decideConsentChange({ stored: null, policyVersion }, { type: 'ACCEPT' })).toEqual({
      ok: true,
      state: 'accepted',
    });
    expect(decideConsentChange({ stored: 'accepted', storedVersion: 2, policyVersion }, { type: 'DECLINE' })).toEqual({
      ok: true,
      state: 'declined',
    });
    expect(decideConsentChange({ stored: 'accepted', storedVersion: 3, policyVersion }, { type: 'DECLINE' })).toEqual({
      ok: false,
      state: 'accepted',
    });
  });
});
