import { passwordProblem } from '@majlis/contracts/password-policy';
import { decideLanguage } from '@majlis/machines';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import { type Db, queryRows, type Tx } from '../db/connect.ts';
import { passwordResets, sessions, users } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import { publishSessionEnded } from '../events/access.ts';
import type { EventBus } from '../events/bus.ts';
import { enqueueMessage } from '../outbox/enqueue.ts';
import { hashPassword } from './password.ts';
import { hashToken, randomToken } from './sessions.ts';

export const RESET_MINUTES = 30;

/** Sends a single-use link if the e-mail is known; says nothing either way (no account enumeration). */
export async function requestPasswordReset(db: Db, config: Config, email: string): Promise<void> {
  const [user] = await queryRows<{ id: string; fname: string; locale: 'ar' | 'en' }>(
    db,
    sql`select id, fname, locale from users where lower(email) = ${email.trim().toLowerCase()} and active limit 1`,
  );
  if (!user) return;
  const token = randomToken();
  await db.transaction(async (tx) => {
    await tx.insert(passwordResets).values({
      tokenHash: hashToken(config.sessionSecret, token),
      userId: user.id,
      expiresAt: new Date(Date.now() + RESET_MINUTES * 60_000),
    });
    await enqueueMessage(tx, {
      channel: 'email',
      to: email.trim().toLowerCase(),
      locale: decideLanguage({ profile: user.locale }),
      template: 'reset',
      values: { name: user.fname, minutes: RESET_MINUTES, link: `${config.publicUrl}/password/reset?token=${token}` },
    });
  });
}

/**
 * Every reset link of the user still outstanding stops working: called on any password change and when one link has
 * been used, so an older link (one an attacker read, say) cannot set the password afterwards (issue 25).
 */
export async function revokeResetLinks(tx: Tx, userId: string): Promise<void> {
  await tx
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

/**
 * Uses the token once: sets the password and ends every session of the user; with the bus, their sockets on every
 * instance too (an attacker's among them), once the transaction has committed.
 */
export async function resetPassword(
  db: Db,
  config: Config,
  token: string,
  password: string,
  bus?: EventBus,
): Promise<void> {
  const tokenHash = hashToken(config.sessionSecret, token);
  const passwordHash = await hashPassword(password);
  const userId = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResets.tokenHash, tokenHash),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, new Date()),
        ),
      )
      .returning({ userId: passwordResets.userId });
    if (!claimed) throw new AppError(400, 'RESET_TOKEN_INVALID');
    const [owner] = await tx.select({ email: users.email }).from(users).where(eq(users.id, claimed.userId));
    // Thrown inside the transaction, so the token stays unused for a second try.
    if (passwordProblem(password, owner?.email) === 'field.passwordEmail') {
      throw new AppError(400, 'VALIDATION_FAILED', { password: 'field.passwordEmail' });
    }
    await tx.update(users).set({ passwordHash, passwordChangedAt: new Date() }).where(eq(users.id, claimed.userId));
    await tx.delete(sessions).where(eq(sessions.userId, claimed.userId));
    await revokeResetLinks(tx, claimed.userId);
    return claimed.userId;
  });
  await publishSessionEnded(bus, { userId, reason: 'password-reset' });
}
