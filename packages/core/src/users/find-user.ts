import { and, eq } from 'drizzle-orm';
import type { Actor } from '../auth/actor.ts';
import { requirePower } from '../auth/powers.ts';
import type { Db } from '../db/connect.ts';
import { memberships, users } from '../db/schema/index.ts';
import { notFound } from '../errors.ts';

/**
 * A user of the acting institution, for its owner and admins. Anyone outside the account answers 404 whoever asks
 * (their existence is not this account's to confirm); a user of the account asked about without the power, 403.
 */
export async function findManagedUser(db: Db, actor: Actor, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      fname: users.fname,
      lname: users.lname,
      email: users.email,
      phone: users.phone,
      picture: users.picture,
      role: memberships.role,
      active: memberships.active,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.accountId, actor.accountId), eq(memberships.userId, userId)));
  if (!row) throw notFound();
  requirePower(actor, 'manageUsers');
  return { user: row };
}
