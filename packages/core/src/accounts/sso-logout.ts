import { and, eq } from 'drizzle-orm';
import { recordAudit } from '../audit/record-audit.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import { sessions, ssoIdentities } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import { publishSessionEnded } from '../events/access.ts';
import type { EventBus } from '../events/bus.ts';
import { logger } from '../log.ts';
import { verifyLogoutToken } from '../providers/identity/oidc.ts';
import { clientOf, ssoRowOf } from './sso-settings.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A logout token is a JWT of a few hundred bytes; anything much longer is not one. */
const TOKEN_MAX = 16 * 1024;

const invalid = () => new AppError(400, 'SSO_LOGOUT_TOKEN_INVALID');

/**
 * POST /api/auth/oidc/backchannel-logout/:accountId (OpenID Connect Back-Channel Logout 1.0, issue 30): the
 * institution's provider says a person signed out there. The token is checked against that institution's provider
 * (providers/identity/oidc.ts verifyLogoutToken); then the sessions it names end, with their sockets: by `sid`, the
 * Majlis sessions that provider session made; by `sub` alone, every session of the person that subject is linked to.
 * A token naming nobody we know ends nothing and is still a 200 (the provider has nothing to retry). Anything wrong
 * with the token, or an institution without a provider, is 400 SSO_LOGOUT_TOKEN_INVALID.
 */
export async function backchannelLogout(
  db: Db,
  config: Config,
  bus: EventBus,
  input: { accountId: string; logoutToken: string | undefined; ip: string | null },
): Promise<{ ended: number }> {
  const { accountId, logoutToken } = input;
  if (!UUID.test(accountId) || !logoutToken || logoutToken.length > TOKEN_MAX) throw invalid();
  const row = await ssoRowOf(db, accountId);
  if (!row) throw invalid();
  let client: ReturnType<typeof clientOf>;
  try {
    client = clientOf(config, row);
  } catch {
    throw invalid();
  }
  const verified = await verifyLogoutToken(client, logoutToken);
  if ('error' in verified) {
    logger.warn({ accountId, reason: verified.error.slice(0, 200) }, 'sso back-channel logout refused');
    throw invalid();
  }
  const { sub, sid } = verified;
  const [linked] = sub
    ? await db
        .select({ userId: ssoIdentities.userId })
        .from(ssoIdentities)
        .where(and(eq(ssoIdentities.accountId, accountId), eq(ssoIdentities.subject, sub)))
    : [];
  // A sub we never linked names nobody here; with a sid too, both must agree.
  if (sub && !linked) return { ended: 0 };
  const userId = linked?.userId ?? null;
  const where = sid
    ? and(eq(sessions.ssoSid, sid), eq(sessions.accountId, accountId), ...(userId ? [eq(sessions.userId, userId)] : []))
    : eq(sessions.userId, userId as string);
  const ended = await db.delete(sessions).where(where).returning({ idHash: sessions.idHash, userId: sessions.userId });
  for (const { idHash } of ended) {
    await publishSessionEnded(bus, { sessionHash: idHash, reason: 'provider-logout' });
  }
  const people = [...new Set(ended.map((s) => s.userId).filter((id): id is string => !!id))];
  if (people.length) {
    await recordAudit(db, { userId: null, accountId, ip: input.ip }, 'sso.logout', people[0] ?? null, {
      sessions: ended.length,
      bySid: !!sid,
    });
  }
  return { ended: ended.length };
}
