import { passwordProblem } from '@majlis/contracts/password-policy';
import type { TPasswordChangeBody } from '@majlis/contracts/profile';
import { eq } from 'drizzle-orm';
import type { Actor } from '../auth/actor.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { revokeResetLinks } from '../auth/password-reset.ts';
import type { Db } from '../db/connect.ts';
import { users } from '../db/schema/index.ts';
import { invalid, notFound } from '../errors.ts';
import type { EventBus } from '../events/bus.ts';
import { announceEnded, deleteOtherSessions } from './user-sessions.ts';

/**
 * Changes the user's password after checking the current one (a wrong one is a field error), and ends every OTHER
 * session of the user, their sockets too: whoever knew the old password is out. Returns how many were ended.
 */
export async function changePassword(
  db: Db,
  bus: EventBus | undefined,
  actor: Actor,
  currentHash: string | null,
  body: TPasswordChangeBody,
): Promise<number> {
  const [u] = await db
    .select({ hash: users.passwordHash, email: users.email })
    .from(users)
    .where(eq(users.id, actor.userId));
  if (!u) throw notFound();
  if (!(await verifyPassword(u.hash, body.currentPassword)))
    invalidField('currentPassword', 'field.currentPasswordWrong');
  if (passwordProblem(body.newPassword, u.email) === 'field.passwordEmail') {
    invalidField('newPassword', 'field.passwordEmail');
  }
  const passwordHash = await hashPassword(body.newPassword);
  const ended = await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, passwordChangedAt: new Date() }).where(eq(users.id, actor.userId));
    await revokeResetLinks(tx, actor.userId);
    return deleteOtherSessions(tx, actor.userId, currentHash);
  });
  await announceEnded(bus, ended, 'password-changed');
  return ended.length;
}

function invalidField(field: string, id: string): never {
  throw invalid({ [field]: id });
}
