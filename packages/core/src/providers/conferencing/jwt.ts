import { jwtVerify, SignJWT } from 'jose';

/** HS256 JSON Web Tokens (RFC 7519) with jose, as BigBlueButton's recording-ready callback and Jitsi tokens use. */

const keyOf = (secret: string) => new TextEncoder().encode(secret);

/** The payload as given (no claims added), header {alg: HS256, typ: JWT}. */
export async function signJwt(payload: Record<string, unknown>, secret: string): Promise<string> {
  return new SignJWT(payload).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(keyOf(secret));
}

/**
 * The payload when the token is HS256 (no other algorithm, "none" included), signed with `secret`, and neither
 * expired (exp) nor early (nbf) at `now`; null otherwise, whatever the reason.
 */
export async function verifyJwt(
  token: string,
  secret: string,
  now = Date.now(),
): Promise<Record<string, unknown> | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), { algorithms: ['HS256'], currentDate: new Date(now) });
    return payload;
  } catch {
    return null;
  }
}
