import { createHash } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import * as client from 'openid-client';
import { AppError } from '../../errors.ts';

/**
 * An institution's OpenID Connect provider (issue 30), through openid-client 6: discovery, the authorization code
 * flow with PKCE, and the id_token's checks (signature, issuer, audience, expiry, nonce) all done by the library.
 * This file talks to the provider; what a sign-in means for users and memberships is accounts/sso-sign-in.ts's.
 */

export interface OidcClient {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** What we read from a verified id_token. */
export interface OidcClaims {
  sub: string;
  email: string | null;
  emailVerified: boolean;
  givenName: string | null;
  familyName: string | null;
  name: string | null;
  /** The provider's session id (`sid`), when it gives one: its back-channel logout may name the session by it. */
  sid: string | null;
}

const TIMEOUT_SECONDS = 10;
/** Discovery documents and signing keys kept this long per client (a provider rotating keys is found again then). */
const CACHE_MS = 10 * 60 * 1000;
const configurations = new Map<string, { at: number; config: Promise<client.Configuration> }>();

export const issuerUnreachable = () =>
  new AppError(422, 'SSO_ISSUER_UNREACHABLE', { issuer: 'error.SSO_ISSUER_UNREACHABLE' });
export const clientRefused = () =>
  new AppError(422, 'SSO_CLIENT_REFUSED', {
    clientId: 'error.SSO_CLIENT_REFUSED',
    clientSecret: 'error.SSO_CLIENT_REFUSED',
  });

function keyOf(c: OidcClient): string {
  return createHash('sha256').update(`${c.issuer}\n${c.clientId}\n${c.clientSecret}`).digest('hex');
}

/** The provider's configuration by discovery; a wrong or silent issuer is SSO_ISSUER_UNREACHABLE, never a 500. */
export async function discover(c: OidcClient, opts: { fresh?: boolean } = {}): Promise<client.Configuration> {
  const key = keyOf(c);
  const cached = configurations.get(key);
  if (cached && !opts.fresh && Date.now() - cached.at < CACHE_MS) return cached.config;
  const url = new URL(c.issuer);
  const config = client
    .discovery(url, c.clientId, undefined, client.ClientSecretBasic(c.clientSecret), {
      // http only for a provider on this machine (contracts/sso.ts isIssuerUrl admits nothing else).
      execute: url.protocol === 'http:' ? [client.allowInsecureRequests] : [],
      timeout: TIMEOUT_SECONDS,
    })
    .catch(() => {
      configurations.delete(key);
      throw issuerUnreachable();
    });
  configurations.set(key, { at: Date.now(), config });
  if (configurations.size > 500) configurations.delete(configurations.keys().next().value as string);
  return config;
}

/**
 * "Test connection": discovery, then the token endpoint asked to redeem a code that does not exist. A provider checks
 * the client first, so a wrong client id or secret answers invalid_client, and right ones invalid_grant — without a
 * person signing in.
 */
export async function testClient(c: OidcClient, redirectUri: string): Promise<{ issuer: string }> {
  const config = await discover(c, { fresh: true });
  try {
    await client.genericGrantRequest(config, 'authorization_code', {
      code: 'majlis-connection-test',
      redirect_uri: redirectUri,
    });
  } catch (err) {
    const code = err instanceof client.ResponseBodyError ? err.error : undefined;
    if (code === 'invalid_client' || code === 'unauthorized_client' || (err as { status?: number }).status === 401) {
      throw clientRefused();
    }
    if (!code && !(err instanceof client.ClientError)) throw issuerUnreachable();
  }
  return { issuer: config.serverMetadata().issuer };
}

export interface SignInChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** A fresh state, nonce and PKCE verifier for one sign-in. */
export function newChecks(): SignInChecks {
  return { state: client.randomState(), nonce: client.randomNonce(), codeVerifier: client.randomPKCECodeVerifier() };
}

/** The provider's authorization address for this sign-in (code flow, S256 PKCE, state and nonce). */
export async function authorizationUrl(c: OidcClient, redirectUri: string, checks: SignInChecks): Promise<URL> {
  const config = await discover(c);
  return client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    state: checks.state,
    nonce: checks.nonce,
    code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
    code_challenge_method: 'S256',
  });
}

/**
 * The callback: the code redeemed with the verifier, and the id_token checked (issuer, audience = our client id,
 * nonce, signature, expiry). Any failure is SSO_SIGN_IN_FAILED; why is the library's message, for the log.
 */
export async function redeemCode(
  c: OidcClient,
  callbackUrl: URL,
  checks: SignInChecks,
): Promise<{ claims: OidcClaims } | { error: string }> {
  try {
    const config = await discover(c);
    const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    });
    const idClaims = tokens.claims();
    if (!idClaims) return { error: 'no id_token' };
    // Many providers put the e-mail in the id_token only when asked claim by claim; the UserInfo endpoint always
    // answers it (its subject is checked against the id_token's by the library).
    const claims: Record<string, unknown> =
      idClaims.email === undefined && tokens.access_token
        ? { ...(await client.fetchUserInfo(config, tokens.access_token, idClaims.sub)), ...idClaims }
        : idClaims;
    const sub = idClaims.sub;
    const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
    return {
      claims: {
        sub,
        email: str(claims.email)?.toLowerCase() ?? null,
        emailVerified: claims.email_verified === true || claims.email_verified === 'true',
        givenName: str(claims.given_name),
        familyName: str(claims.family_name),
        name: str(claims.name),
        sid: str(idClaims.sid),
      },
    };
  } catch (err) {
    const code = (err as { code?: unknown; error?: unknown }).error ?? (err as { code?: unknown }).code;
    return { error: `${(err as Error).name}: ${String(code ?? (err as Error).message)}` };
  }
}

/** The event a logout token carries (OpenID Connect Back-Channel Logout 1.0 §2.4). */
const BACKCHANNEL_LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout';
/** A logout token older than this is refused (its iat; the specification leaves the window to the relying party). */
const LOGOUT_TOKEN_MAX_AGE_SECONDS = 10 * 60;
/** Each provider's signing keys (jose refetches them on an unknown kid, at most every 30 s). */
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

function keySetOf(jwksUri: string) {
  let keys = keySets.get(jwksUri);
  if (!keys) {
    keys = createRemoteJWKSet(new URL(jwksUri), { timeoutDuration: TIMEOUT_SECONDS * 1000 });
    if (keySets.size > 500) keySets.delete(keySets.keys().next().value as string);
    keySets.set(jwksUri, keys);
  }
  return keys;
}

/**
 * A back-channel logout token checked as the specification's §2.6 asks: signed by a key of the provider's JWKS
 * (never `none`), its issuer the provider's, its audience our client id, issued recently and not in the future,
 * the back-channel-logout event present as an object, a `sub` or a `sid` (or both), and no `nonce`. Any failure is
 * an error string, for the log.
 */
export async function verifyLogoutToken(
  c: OidcClient,
  token: string,
): Promise<{ sub: string | null; sid: string | null } | { error: string }> {
  try {
    const meta = (await discover(c)).serverMetadata();
    if (!meta.jwks_uri) return { error: 'the provider publishes no jwks_uri' };
    const { payload } = await jwtVerify(token, keySetOf(meta.jwks_uri), {
      issuer: meta.issuer,
      audience: c.clientId,
      requiredClaims: ['iat', 'jti', 'events'],
      maxTokenAge: LOGOUT_TOKEN_MAX_AGE_SECONDS,
      clockTolerance: 60,
    });
    const events = payload.events as Record<string, unknown> | undefined;
    const event = events && typeof events === 'object' ? events[BACKCHANNEL_LOGOUT_EVENT] : undefined;
    if (!event || typeof event !== 'object' || Array.isArray(event)) return { error: 'no back-channel logout event' };
    if ('nonce' in payload) return { error: 'a logout token carries no nonce' };
    const str = (v: unknown) => (typeof v === 'string' && v ? v : null);
    const sub = str(payload.sub);
    const sid = str(payload.sid);
    if (!sub && !sid) return { error: 'neither sub nor sid' };
    return { sub, sid };
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    return { error: `${(err as Error).name}: ${String(code ?? (err as Error).message)}` };
  }
}
