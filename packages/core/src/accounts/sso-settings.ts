import type { SsoSettings, TSsoBody } from '@majlis/contracts/sso';
import { eq, sql } from 'drizzle-orm';
import { recordAudit } from '../audit/record-audit.ts';
import type { Actor } from '../auth/actor.ts';
import { requirePower } from '../auth/powers.ts';
import { openSecret, sealSecret } from '../auth/secret-box.ts';
import type { Config } from '../config.ts';
import { type Db, queryRows } from '../db/connect.ts';
import { institutionSso } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import { type OidcClient, testClient } from '../providers/identity/oidc.ts';

/**
 * Issue 30: the owner's settings for the institution's own OpenID Connect provider. Only the owner reads or changes
 * them (editInstitution); the client secret goes in, encrypted, and never comes out.
 */

export const ssoRedirectUri = (config: Pick<Config, 'publicUrl'>) => `${config.publicUrl}/api/auth/oidc/callback`;
export const ssoLogoutUri = (config: Pick<Config, 'publicUrl'>, accountId: string) =>
  `${config.publicUrl}/api/auth/oidc/backchannel-logout/${accountId}`;

export type SsoRow = typeof institutionSso.$inferSelect;

export async function ssoRowOf(db: Db, accountId: string): Promise<SsoRow | null> {
  const [row] = await db.select().from(institutionSso).where(eq(institutionSso.accountId, accountId));
  return row ?? null;
}

/** The stored client with its secret opened; SSO_SECRET_LOST when the key changed since it was saved. */
export function clientOf(config: Config, row: SsoRow): OidcClient {
  const clientSecret = openSecret(config, row.clientSecretEnc);
  if (clientSecret === null) throw new AppError(422, 'SSO_SECRET_LOST', { clientSecret: 'error.SSO_SECRET_LOST' });
  return { issuer: row.issuer, clientId: row.clientId, clientSecret };
}

export async function getSsoSettings(db: Db, config: Config, actor: Actor): Promise<SsoSettings> {
  requirePower(actor, 'editInstitution');
  const row = await ssoRowOf(db, actor.accountId);
  return {
    sso: row
      ? {
          shortName: row.shortName,
          issuer: row.issuer,
          clientId: row.clientId,
          secretSet: true,
          passwordsAllowed: row.passwordsAllowed,
          defaultRole: row.defaultRole,
        }
      : null,
    redirectUri: ssoRedirectUri(config),
    backchannelLogoutUri: ssoLogoutUri(config, actor.accountId),
  };
}

/** The body's client, with the stored secret when the form left it empty (the first save must give one). */
async function clientFromBody(db: Db, config: Config, actor: Actor, body: TSsoBody): Promise<OidcClient> {
  if (body.clientSecret) return { issuer: body.issuer, clientId: body.clientId, clientSecret: body.clientSecret };
  const row = await ssoRowOf(db, actor.accountId);
  if (!row) throw new AppError(400, 'VALIDATION_FAILED', { clientSecret: 'field.ssoClientSecret' });
  return { ...clientOf(config, row), issuer: body.issuer, clientId: body.clientId };
}

/** "Test connection": discovery and the client's credentials, without saving (see providers/identity/oidc.ts). */
export async function testSsoSettings(db: Db, config: Config, actor: Actor, body: TSsoBody) {
  requirePower(actor, 'editInstitution');
  const client = await clientFromBody(db, config, actor, body);
  const { issuer } = await testClient(client, ssoRedirectUri(config));
  return { ok: true as const, issuer };
}

/**
 * Saves them after the same test passes, so a saved provider is one that answered: a typo in the issuer would
 * otherwise only show when members cannot sign in. One audit row names the fields that changed.
 */
export async function saveSsoSettings(
  db: Db,
  config: Config,
  actor: Actor,
  body: TSsoBody,
  ip: string | null,
): Promise<SsoSettings> {
  requirePower(actor, 'editInstitution');
  const client = await clientFromBody(db, config, actor, body);
  const [taken] = await queryRows<{ account_id: string }>(
    db,
    sql`select account_id from institution_sso where lower(short_name) = ${body.shortName} and account_id <> ${actor.accountId}`,
  );
  if (taken) throw new AppError(409, 'SSO_SHORT_NAME_TAKEN', { shortName: 'error.SSO_SHORT_NAME_TAKEN' });
  await testClient(client, ssoRedirectUri(config));
  const values = {
    shortName: body.shortName,
    issuer: body.issuer,
    clientId: body.clientId,
    clientSecretEnc: sealSecret(config, client.clientSecret),
    passwordsAllowed: body.passwordsAllowed,
    defaultRole: body.defaultRole,
    updatedAt: new Date(),
  };
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(institutionSso)
      .where(eq(institutionSso.accountId, actor.accountId))
      .for('update');
    await tx
      .insert(institutionSso)
      .values({ accountId: actor.accountId, ...values })
      .onConflictDoUpdate({ target: institutionSso.accountId, set: values });
    const fields: string[] = before
      ? (['shortName', 'issuer', 'clientId', 'passwordsAllowed', 'defaultRole'] as const).filter(
          (f) => before[f] !== values[f],
        )
      : ['created'];
    if (body.clientSecret) fields.push('clientSecret');
    await recordAudit(tx, { userId: actor.userId, accountId: actor.accountId, ip }, 'sso.save', actor.accountId, {
      fields,
    });
  });
  return getSsoSettings(db, config, actor);
}

/** The owner turns it off: the row goes (links to provider subjects stay, for a later return). */
export async function removeSsoSettings(db: Db, config: Config, actor: Actor, ip: string | null) {
  requirePower(actor, 'editInstitution');
  await db.transaction(async (tx) => {
    const gone = await tx
      .delete(institutionSso)
      .where(eq(institutionSso.accountId, actor.accountId))
      .returning({ id: institutionSso.accountId });
    if (gone.length) {
      await recordAudit(tx, { userId: actor.userId, accountId: actor.accountId, ip }, 'sso.remove', actor.accountId);
    }
  });
  return getSsoSettings(db, config, actor);
}
