import { describe, expect, it } from 'vitest';
import { decideSwitch, SWITCH_REFUSALS } from './account-switch.machine.ts';
import { SWITCH_FACTS } from './account-switch.model.ts';

describe('decideSwitch (the BFF switches with it)', () => {
  it('switches an active member of an active account', () => {
    expect(decideSwitch(SWITCH_FACTS.switched)).toEqual({ ok: true });
  });

  it.each([
    ['otherUser', 'notMember'],
    ['unknownAccount', 'unknownAccount'],
    ['notMember', 'notMember'],
    ['membershipInactive', 'membershipInactive'],
    ['accountSuspended', 'accountSuspended'],
    ['accountBanned', 'accountBanned'],
  ] as const)('%s → failed.%s with its code', (facts, refusal) => {
    expect(decideSwitch(SWITCH_FACTS[facts])).toEqual({ ok: false, refusal, code: SWITCH_REFUSALS[refusal] });
  });

  it('never tells someone outside the account its status, nor an inactive member that it is suspended', () => {
    expect(decideSwitch({ self: false, account: 'banned', membership: null })).toMatchObject({ refusal: 'notMember' });
    expect(decideSwitch({ self: true, account: 'suspended', membership: null })).toMatchObject({
      refusal: 'notMember',
    });
    expect(decideSwitch({ self: true, account: 'suspended', membership: 'inactive' })).toMatchObject({
      refusal: 'membershipInactive',
    });
  });
});
