import type { AddUserAnswer, TAddUserBody } from '@majlis/contracts/users';
import type { Locale } from '@majlis/i18n';
import { decideLanguage } from '@majlis/machines';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { recordAudit } from '../audit/record-audit.ts';
import type { Actor } from '../auth/actor.ts';
import { hashPassword } from '../auth/password.ts';
import { requirePower } from '../auth/powers.ts';
import { hashToken, randomToken } from '../auth/sessions.ts';
import type { Config } from '../config.ts';
import { type Db, queryRows, type Tx } from '../db/connect.ts';
import { accountInvitations, memberships, users } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import { invitationExpiry, inviteeMeta, mailDelivery, mailInvitation } from './invitations.ts';
import { findUserRow } from './list-users.ts';

const alreadyMember = () => new AppError(409, 'ALREADY_MEMBER', { email: 'error.ALREADY_MEMBER' });

/** The Majlis user with this e-mail, if any (addresses are unique case-insensitively). */
export async function userByEmail(db: Db | Tx, email: string) {
  const [row] = await queryRows<{ id: string; locale: Locale }>(
    db,
    sql`select id, locale from users where lower(email) = ${email.trim().toLowerCase()} limit 1`,
  );
  return row ?? null;
}

/**
 * POST /api/users. Mode 'password' makes a new Majlis user with the adder's initial password and the membership.
 * Mode 'invite', and ALWAYS when the e-mail already has a Majlis user, e-mails a single-use link instead: knowing
 * somebody's address must never be enough to attach them to an account. 409 when they are already in it.
 */
export async function addUser(
  db: Db,
  config: Config,
  actor: Actor,
  body: TAddUserBody,
  opts: { ip: string | null; locale: Locale },
): Promise<AddUserAnswer> {
  requirePower(actor, 'manageUsers');
  const existing = await userByEmail(db, body.email);
  if (existing) {
    const [member] = await db
      .select({ id: memberships.id })
      .from(memberships)
      .where(and(eq(memberships.accountId, actor.accountId), eq(memberships.userId, existing.id)));
    if (member) throw alreadyMember();
  }
  const who = { userId: actor.userId, accountId: actor.accountId, ip: opts.ip };
  if (body.mode === 'password' && !existing && body.password) {
    const passwordHash = await hashPassword(body.password);
    const userId = await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          email: body.email,
          passwordHash,
          fname: body.fname,
          lname: body.lname,
          phone: body.phone,
          locale: opts.locale,
          timeZone: actor.timeZone,
        })
        .returning({ id: users.id });
      if (!user) throw new Error('user insert returned nothing');
      await tx.insert(memberships).values({ userId: user.id, accountId: actor.accountId, role: body.role });
      await recordAudit(tx, who, 'user.add', user.id, { role: body.role, mode: 'password' });
      return user.id;
    });
    return { status: 'created', user: await findUserRow(db, actor.accountId, userId, actor.locale), delivery: null };
  }
  await inviteUser(db, config, actor, body, decideLanguage({ profile: existing?.locale ?? opts.locale }), opts.ip);
  return { status: 'invited', user: null, delivery: mailDelivery(config) };
}

async function inviteUser(
  db: Db,
  config: Config,
  actor: Actor,
  body: TAddUserBody,
  locale: Locale,
  ip: string | null,
): Promise<void> {
  const token = randomToken();
  await db.transaction(async (tx) => {
    // A new invitation replaces an open one to the same address: only the latest link works.
    await tx
      .delete(accountInvitations)
      .where(
        and(
          eq(accountInvitations.accountId, actor.accountId),
          eq(accountInvitations.email, body.email),
          isNull(accountInvitations.acceptedAt),
        ),
      );
    const invitation = { email: body.email, fname: body.fname, lname: body.lname, phone: body.phone, role: body.role };
    const [row] = await tx
      .insert(accountInvitations)
      .values({
        ...invitation,
        tokenHash: hashToken(config.sessionSecret, token),
        accountId: actor.accountId,
        invitedBy: actor.userId,
        locale,
        expiresAt: invitationExpiry(),
      })
      .returning({ id: accountInvitations.id });
    await mailInvitation(tx, config, actor, { ...invitation, locale }, token);
    // Named by address and role: the invited person has no user id yet (issue 25: "invited a user" said too little).
    await recordAudit(tx, { userId: actor.userId, accountId: actor.accountId, ip }, 'user.invite', null, {
      ...inviteeMeta({ id: row?.id, ...invitation }),
    });
  });
}
