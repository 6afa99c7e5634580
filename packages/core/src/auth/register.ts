import type { Locale } from '@majlis/i18n';
import { decideLanguage } from '@majlis/machines';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import { type Db, queryRows, type Tx } from '../db/connect.ts';
import { accounts, memberships, pendingRegistrations, users } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import { enqueueMessage } from '../outbox/enqueue.ts';
import { hashPassword } from './password.ts';
import { hashToken, randomToken } from './sessions.ts';

export interface RegisterInput {
  fname: string;
  lname: string;
  email: string;
  password: string;
  /** E.164, already checked by the route. */
  phone: string;
  locale: Locale;
  timeZone?: string;
}

/** How long a confirmation link works. */
export const CONFIRM_HOURS = 24;

/**
 * Step one of registration. Whether or not the address already has an account, the caller sees the same thing (the
 * route answers 202 "check your e-mail") and the same work is done (one Argon2 hash, one e-mail), so registration
 * cannot be used to learn who has an account (issue 9). A new address gets a single-use confirmation link; a known
 * one gets a note to its owner that somebody tried to register it, with the sign-in and reset links.
 */
export async function requestRegistration(db: Db, config: Config, input: RegisterInput): Promise<void> {
  const email = input.email.trim().toLowerCase();
  const passwordHash = await hashPassword(input.password);
  const [existing] = await queryRows<{ fname: string; locale: Locale }>(
    db,
    sql`select fname, locale from users where lower(email) = ${email} limit 1`,
  );
  if (existing) {
    await enqueueMessage(db, {
      channel: 'email',
      to: email,
      locale: decideLanguage({ profile: existing.locale }),
      template: 'registerExisting',
      values: {
        name: existing.fname,
        login: `${config.publicUrl}/login`,
        forgot: `${config.publicUrl}/password/forgot`,
      },
    });
    return;
  }
  const token = randomToken();
  await db.transaction(async (tx) => {
    // Old, unconfirmed attempts are of no use to anybody.
    await tx.delete(pendingRegistrations).where(lt(pendingRegistrations.expiresAt, new Date()));
    await tx.insert(pendingRegistrations).values({
      tokenHash: hashToken(config.sessionSecret, token),
      email,
      fname: input.fname.trim(),
      lname: input.lname.trim(),
      phone: input.phone,
      locale: input.locale,
      timeZone: input.timeZone ?? 'Africa/Cairo',
      passwordHash,
      expiresAt: new Date(Date.now() + CONFIRM_HOURS * 3600_000),
    });
    await enqueueMessage(tx, {
      channel: 'email',
      to: email,
      locale: input.locale,
      template: 'registerConfirm',
      values: {
        name: input.fname.trim(),
        hours: CONFIRM_HOURS,
        link: `${config.publicUrl}/register/confirm?token=${token}`,
      },
    });
  });
}

/**
 * Step two: the e-mailed link proves the address. Makes the user with a personal (indv) account they own, once.
 * An unknown, used or expired link → 400 REGISTER_TOKEN_INVALID; the address registered meanwhile → 409 EMAIL_TAKEN.
 */
export async function confirmRegistration(
  db: Db,
  config: Config,
  token: string,
): Promise<{ userId: string; accountId: string }> {
  const tokenHash = hashToken(config.sessionSecret, token);
  try {
    return await db.transaction(async (tx) => {
      const [pending] = await tx
        .delete(pendingRegistrations)
        .where(and(eq(pendingRegistrations.tokenHash, tokenHash), gt(pendingRegistrations.expiresAt, new Date())))
        .returning();
      if (!pending) throw new AppError(400, 'REGISTER_TOKEN_INVALID');
      const taken = await queryRows(tx, sql`select 1 from users where lower(email) = ${pending.email} limit 1`);
      if (taken.length) throw new AppError(409, 'EMAIL_TAKEN', { email: 'error.EMAIL_TAKEN' });
      return createUser(tx, pending);
    });
  } catch (err) {
    // Two confirmations racing on one e-mail: the unique index decides.
    if (String((err as { cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code) === '23505') {
      throw new AppError(409, 'EMAIL_TAKEN', { email: 'error.EMAIL_TAKEN' });
    }
    throw err;
  }
}

async function createUser(
  tx: Tx,
  p: Pick<
    typeof pendingRegistrations.$inferSelect,
    'email' | 'fname' | 'lname' | 'phone' | 'locale' | 'timeZone' | 'passwordHash'
  >,
): Promise<{ userId: string; accountId: string }> {
  const [user] = await tx
    .insert(users)
    .values({
      email: p.email,
      passwordHash: p.passwordHash,
      fname: p.fname,
      lname: p.lname,
      phone: p.phone,
      locale: p.locale,
      timeZone: p.timeZone,
      termsAcceptedAt: new Date(),
    })
    .returning({ id: users.id });
  if (!user) throw new Error('user insert returned nothing');
  const [account] = await tx
    .insert(accounts)
    .values({ kind: 'indv', name: `${p.fname} ${p.lname}`, ownerUserId: user.id })
    .returning({ id: accounts.id });
  if (!account) throw new Error('account insert returned nothing');
  await tx.insert(memberships).values({ userId: user.id, accountId: account.id, role: 'owner' });
  return { userId: user.id, accountId: account.id };
}
