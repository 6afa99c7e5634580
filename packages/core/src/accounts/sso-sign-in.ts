import type { SsoFound } from '@majlis/contracts/sso';
import type { Locale } from '@majlis/i18n';
import { and, eq, lt, sql } from 'drizzle-orm';
import { recordAudit } from '../audit/record-audit.ts';
import { closedAccountError } from '../auth/actor.ts';
import { hashPassword } from '../auth/password.ts';
import { hashToken, randomToken, safeEqual } from '../auth/sessions.ts';
import type { Config } from '../config.ts';
import { type Db, queryRows, type Tx } from '../db/connect.ts';
import { accounts, institutionSso, memberships, oidcLogins, ssoIdentities, users } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import { logger } from '../log.ts';
import { authorizationUrl, newChecks, type OidcClaims, redeemCode } from '../providers/identity/oidc.ts';
import { domainOf, verifiedDomainHolder } from './domains.ts';
import { clientOf, type SsoRow, ssoRedirectUri } from './sso-settings.ts';

/** How long a sign-in may stay at the provider (its state, nonce and verifier are deleted once used, or after this). */
const LOGIN_SECONDS = 10 * 60;

const failed = () => new AppError(401, 'SSO_SIGN_IN_FAILED');

/** The institution whose provider serves this e-mail (by its verified domain) or short name; null when none. */
async function ssoRowFor(db: Db, query: string): Promise<(SsoRow & { name: string }) | null> {
  const q = query.trim().toLowerCase();
  const domain = q.includes('@') ? domainOf(q) : null;
  const rows = await queryRows<{ account_id: string }>(
    db,
    domain
      ? sql`select s.account_id from institution_sso s
            join institution_domains d on d.account_id = s.account_id and d.verified_at is not null
            join accounts a on a.id = s.account_id and a.status = 'active'
            where d.domain = ${domain} limit 1`
      : sql`select s.account_id from institution_sso s join accounts a on a.id = s.account_id and a.status = 'active'
            where lower(s.short_name) = ${q} limit 1`,
  );
  const accountId = rows[0]?.account_id;
  if (!accountId) return null;
  const [row] = await db
    .select({ sso: institutionSso, name: accounts.name })
    .from(institutionSso)
    .innerJoin(accounts, eq(accounts.id, institutionSso.accountId))
    .where(eq(institutionSso.accountId, accountId));
  return row ? { ...row.sso, name: row.name } : null;
}

/** GET /api/auth/oidc/find: the button /login offers for what the visitor typed. */
export async function findSsoInstitution(db: Db, query: string): Promise<SsoFound> {
  const row = await ssoRowFor(db, query);
  return { institution: row ? { name: row.name, shortName: row.shortName } : null };
}

/**
 * GET /api/auth/oidc/start: a new state, nonce and PKCE verifier kept server-side (the state only as its HMAC), and
 * the provider's address to send the browser to. The caller binds the state to the browser in a cookie.
 */
export async function startSsoSignIn(db: Db, config: Config, query: string): Promise<{ url: string; state: string }> {
  const row = await ssoRowFor(db, query);
  if (!row) throw new AppError(404, 'SSO_NOT_CONFIGURED');
  const client = clientOf(config, row);
  const checks = newChecks();
  await db.delete(oidcLogins).where(lt(oidcLogins.expiresAt, new Date()));
  await db.insert(oidcLogins).values({
    stateHash: hashToken(config.sessionSecret, `oidc:${checks.state}`),
    accountId: row.accountId,
    nonce: checks.nonce,
    codeVerifier: checks.codeVerifier,
    expiresAt: new Date(Date.now() + LOGIN_SECONDS * 1000),
  });
  const url = await authorizationUrl(client, ssoRedirectUri(config), checks);
  if (query.includes('@')) url.searchParams.set('login_hint', query.trim());
  return { url: url.href, state: checks.state };
}

export interface SsoCallback {
  /** The callback's query string as it came (code, state, iss …). */
  search: string;
  /** The state cookie of the browser that began the sign-in. */
  cookieState: string | undefined;
  ip: string | null;
  locale: Locale;
}

/**
 * GET /api/auth/oidc/callback. The state must be this browser's and still stored (it is deleted here: one use); the
 * code is redeemed with its PKCE verifier and the id_token checked (audience, nonce …) by openid-client. Then the
 * provider's verified e-mail makes or links the Majlis user, who joins with the owner's default role. Deactivation
 * in Majlis wins over the provider, and an address at a domain another institution has proved is refused.
 */
export async function finishSsoSignIn(
  db: Db,
  config: Config,
  cb: SsoCallback,
): Promise<{ userId: string; accountId: string; ssoSid: string | null }> {
  const params = new URLSearchParams(cb.search);
  const state = params.get('state');
  if (!state || !cb.cookieState || !safeEqual(state, cb.cookieState)) throw failed();
  const [login] = await db
    .delete(oidcLogins)
    .where(eq(oidcLogins.stateHash, hashToken(config.sessionSecret, `oidc:${state}`)))
    .returning();
  if (!login || login.expiresAt.getTime() < Date.now()) throw failed();
  const [sso] = await db.select().from(institutionSso).where(eq(institutionSso.accountId, login.accountId));
  if (!sso) throw new AppError(404, 'SSO_NOT_CONFIGURED');
  const callbackUrl = new URL(`${ssoRedirectUri(config)}?${params}`);
  const result = await redeemCode(clientOf(config, sso), callbackUrl, {
    state,
    nonce: login.nonce,
    codeVerifier: login.codeVerifier,
  });
  if ('error' in result) {
    logger.warn({ accountId: sso.accountId, reason: result.error.slice(0, 200) }, 'sso sign-in refused');
    throw failed();
  }
  const { claims } = result;
  if (!claims.email || !claims.emailVerified) throw new AppError(403, 'SSO_EMAIL_UNVERIFIED');
  const holder = await verifiedDomainHolder(db, domainOf(claims.email));
  if (holder && holder !== sso.accountId) throw new AppError(403, 'SSO_OTHER_DOMAIN');
  const [account] = await db.select({ status: accounts.status }).from(accounts).where(eq(accounts.id, sso.accountId));
  if (!account) throw failed();
  if (account.status !== 'active') throw closedAccountError(account.status);
  const passwordHash = await hashPassword(randomToken());
  const userId = await db.transaction(async (tx) => {
    const user = await userFor(tx, sso, claims, { passwordHash, locale: cb.locale });
    if (!user.active) throw new AppError(403, 'ACCOUNT_INACTIVE');
    const [member] = await tx
      .select({ active: memberships.active })
      .from(memberships)
      .where(and(eq(memberships.userId, user.id), eq(memberships.accountId, sso.accountId)));
    if (member && !member.active) throw new AppError(403, 'MEMBERSHIP_INACTIVE');
    if (!member) {
      await tx.insert(memberships).values({ userId: user.id, accountId: sso.accountId, role: sso.defaultRole });
      await recordAudit(tx, { userId: user.id, accountId: sso.accountId, ip: cb.ip }, 'sso.join', user.id, {
        role: sso.defaultRole,
        created: user.created,
      });
    }
    await tx.update(users).set({ lastSignInAt: new Date() }).where(eq(users.id, user.id));
    return user.id;
  });
  return { userId, accountId: sso.accountId, ssoSid: claims.sid };
}

/** The user this subject was linked to, else the one with this verified e-mail (linked now), else a new one. */
async function userFor(
  tx: Tx,
  sso: SsoRow,
  claims: OidcClaims,
  init: { passwordHash: string; locale: Locale },
): Promise<{ id: string; active: boolean; created: boolean }> {
  const [linked] = await tx
    .select({ id: users.id, active: users.active })
    .from(ssoIdentities)
    .innerJoin(users, eq(users.id, ssoIdentities.userId))
    .where(and(eq(ssoIdentities.accountId, sso.accountId), eq(ssoIdentities.subject, claims.sub)));
  if (linked) return { ...linked, created: false };
  const email = claims.email as string;
  const [known] = await queryRows<{ id: string; active: boolean }>(
    tx,
    sql`select id, active from users where lower(email) = ${email} limit 1`,
  );
  let user = known ? { ...known, created: false } : null;
  if (!user) {
    const [fallbackFirst = email.split('@')[0] ?? email, ...rest] = (claims.name ?? '').split(/\s+/).filter(Boolean);
    const [made] = await tx
      .insert(users)
      .values({
        email,
        passwordHash: init.passwordHash,
        fname: (claims.givenName ?? fallbackFirst).slice(0, 100),
        lname: (claims.familyName ?? rest.join(' ')).slice(0, 100),
        phone: '',
        locale: init.locale,
      })
      .returning({ id: users.id, active: users.active });
    if (!made) throw new Error('user insert returned nothing');
    user = { ...made, created: true };
  }
  await tx.insert(ssoIdentities).values({ accountId: sso.accountId, subject: claims.sub, userId: user.id });
  return user;
}
