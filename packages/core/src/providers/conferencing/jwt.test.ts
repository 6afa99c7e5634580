import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signJwt, verifyJwt } from './jwt.ts';

const SECRET = '8cd8ef52e8e101574e400365b55e11a6';
const b64url = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url');
const decode = (part: string | undefined) => JSON.parse(Buffer.from(part ?? '', 'base64url').toString('utf8'));

/** A token made the way BigBlueButton's recording scripts (and our previous hand-written code) make one. */
function handMade(header: unknown, payload: unknown, secret = SECRET): string {
  const head = `${b64url(header)}.${b64url(payload)}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}

describe('signJwt', () => {
  it('writes header {alg: HS256, typ: JWT} and exactly the given claims (no iat added)', async () => {
    const claims = { meeting_id: 'majlis-1', record_id: 'abc-123', nested: { moderator: 'true' } };
    const token = await signJwt(claims, SECRET);
    const [header, payload, signature] = token.split('.');
    expect(decode(header)).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(decode(payload)).toEqual(claims);
    // same bytes as HMAC-SHA256 over "header.payload" by hand: other HS256 implementations accept it
    expect(signature).toBe(createHmac('sha256', SECRET).update(`${header}.${payload}`).digest('base64url'));
  });
});

describe('verifyJwt', () => {
  it('returns the claims of a token it signed, and of one signed elsewhere with the same secret', async () => {
    expect(await verifyJwt(await signJwt({ meeting_id: 'm', record_id: 'r' }, SECRET), SECRET)).toEqual({
      meeting_id: 'm',
      record_id: 'r',
    });
    expect(await verifyJwt(handMade({ typ: 'JWT', alg: 'HS256' }, { meeting_id: 'm' }), SECRET)).toEqual({
      meeting_id: 'm',
    });
  });

  it('refuses a wrong secret and a changed payload', async () => {
    const token = await signJwt({ meeting_id: 'm' }, SECRET);
    expect(await verifyJwt(token, 'not-the-secret')).toBeNull();
    const [header, , signature] = token.split('.');
    expect(await verifyJwt(`${header}.${b64url({ meeting_id: 'other' })}.${signature}`, SECRET)).toBeNull();
  });

  it('refuses an expired token and one not valid yet, at the given time', async () => {
    const now = Date.UTC(2026, 3, 9, 8, 0, 0);
    const seconds = now / 1000;
    const expired = await signJwt({ exp: seconds - 1 }, SECRET);
    const current = await signJwt({ exp: seconds + 60, nbf: seconds - 10 }, SECRET);
    const early = await signJwt({ nbf: seconds + 60 }, SECRET);
    expect(await verifyJwt(expired, SECRET, now)).toBeNull();
    expect(await verifyJwt(current, SECRET, now)).toEqual({ exp: seconds + 60, nbf: seconds - 10 });
    expect(await verifyJwt(early, SECRET, now)).toBeNull();
    expect(await verifyJwt(expired, SECRET, now - 5000)).toEqual({ exp: seconds - 1 });
  });

  it('refuses alg "none" and other algorithms, even with a valid HMAC', async () => {
    const unsigned = `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url({ meeting_id: 'm' })}.`;
    expect(await verifyJwt(unsigned, SECRET)).toBeNull();
    const hs512 = `${b64url({ alg: 'HS512', typ: 'JWT' })}.${b64url({ meeting_id: 'm' })}`;
    const signed512 = `${hs512}.${createHmac('sha512', SECRET).update(hs512).digest('base64url')}`;
    expect(await verifyJwt(signed512, SECRET)).toBeNull();
  });

  it.each([
    ['an empty string', ''],
    ['two parts', 'a.b'],
    ['garbage', 'not.a.token'],
    ['a payload that is not JSON', `${b64url({ alg: 'HS256' })}.${b64url('nope')}.sig`],
  ])('answers null for %s', async (_, token) => {
    expect(await verifyJwt(token, SECRET)).toBeNull();
  });
});
