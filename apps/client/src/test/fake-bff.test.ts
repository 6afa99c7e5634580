import { afterEach, describe, expect, it } from 'vitest';
import { takeContractBreaks } from './contract-breaks.ts';
import { fakeBff } from './fake-bff.ts';

const trial = {
  eligible: true,
  active: false,
  startsAt: null,
  endsAt: null,
  remainingDays: 0,
  phoneVerified: false,
};

/** Issue 27: the fake BFF sends only answers the BFF could send, so a client test cannot pass on one it never does. */
describe('fakeBff holds its answers to the contract', () => {
  afterEach(() => {
    takeContractBreaks();
  });

  it('takes an answer that fits its route, and an error in the error shape', async () => {
    fakeBff({
      'GET /api/usertrial': { body: trial },
      'GET /api/rooms/r-1': { status: 404, body: { code: 'NOT_FOUND', errorMessage: { ar: 'غير موجود', en: 'Gone' } } },
    });
    expect((await fetch('/api/usertrial')).status).toBe(200);
    expect((await fetch('/api/meetings/m-1')).status).toBe(404);
    expect(takeContractBreaks()).toEqual([]);
  });

  it('refuses a fixed answer missing fields, naming the route and the fields', () => {
    expect(() => fakeBff({ 'GET /api/usertrial': { body: { eligible: true, active: false } } })).toThrow(
      /GET \/api\/usertrial answers 200 with a body the BFF never sends[\s\S]*startsAt[\s\S]*phoneVerified/,
    );
    expect(() => fakeBff({ 'POST /api/contact': { status: 401, body: { code: 'UNAUTHENTICATED' } } })).toThrow(
      /errorMessage/,
    );
    expect(() => fakeBff({ 'GET /api/probe': () => ({ body: {} }) })).toThrow(
      /GET \/api\/probe is no route of the BFF/,
    );
  });

  it('records an answer a function makes when it is asked for, for the test to fail after it ran', async () => {
    fakeBff({ 'GET /api/usertrial': () => ({ body: { ...trial, remainingDays: '3' } }) });
    await fetch('/api/usertrial');
    await fetch('/api/nowhere');
    const broken = takeContractBreaks();
    expect(broken).toHaveLength(2);
    expect(broken[0]).toMatch(/GET \/api\/usertrial answers 200[\s\S]*remainingDays/);
    expect(broken[1]).toMatch(/GET \/api\/nowhere is no route/);
  });
});
