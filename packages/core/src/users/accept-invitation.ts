import { passwordProblem } from '@majlis/contracts/password-policy';
import type { AccountInvitationView } from '@majlis/contracts/users';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { recordAudit } from '../audit/record-audit.ts';
import type { Actor } from '../auth/actor.ts';
import { hashPassword } from '../auth/password.ts';
import { hashToken } from '../auth/sessions.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import { accountInvitations, accounts, memberships, users } from '../db/schema/index.ts';
import { AppError, forbidden, invalid } from '../errors.ts';
import { userByEmail } from './add-user.ts';

/** Used, expired and unknown links look the same: the page cannot tell which, and neither can a guesser. */
const invitationInvalid = () => new AppError(404, 'INVITATION_INVALID');

/** a•••@example.com: the link may have been forwarded; the full address is in the inbox it was sent to. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${email[0]}•••${email.slice(at)}`;
}

const openInvitation = (tokenHash: string) =>
  and(
    eq(accountInvitations.tokenHash, tokenHash),
    isNull(accountInvitations.acceptedAt),
    gt(accountInvitations.expiresAt, new Date()),
  );

/** GET /api/account-invitations/{token} (public). */
export async function viewInvitation(db: Db, config: Config, token: string): Promise<AccountInvitationView> {
  const [row] = await db
    .select({ inv: accountInvitations, accountName: accounts.name })
    .from(accountInvitations)
    .innerJoin(accounts, eq(accounts.id, accountInvitations.accountId))
    .where(openInvitation(hashToken(config.sessionSecret, token)));
  if (!row) throw invitationInvalid();
  return {
    accountName: row.accountName,
    role: row.inv.role,
    email: maskEmail(row.inv.email),
    fname: row.inv.fname,
    existingUser: (await userByEmail(db, row.inv.email)) !== null,
    expiresAt: row.inv.expiresAt.toISOString(),
  };
}

/**
 * POST /api/account-invitations/{token}/accept. A new person sends a password and gets their user and the membership;
 * an existing user must be signed in with the invited address (403 otherwise) and gets the membership. The link is
 * used up in the same transaction. Returns who to sign in, acting in the inviting account.
 */
export async function acceptInvitation(
  db: Db,
  config: Config,
  token: string,
  input: { actor: Actor | null; password?: string; ip: string | null },
): Promise<{ userId: string; accountId: string }> {
  const tokenHash = hashToken(config.sessionSecret, token);
  return db.transaction(async (tx) => {
    // Marked used first: of two accepts racing on one link, only one finds it open.
    const [inv] = await tx
      .update(accountInvitations)
      .set({ acceptedAt: new Date() })
      .where(openInvitation(tokenHash))
      .returning();
    if (!inv) throw invitationInvalid();
    const existing = await userByEmail(tx, inv.email);
    let userId: string;
    if (existing) {
      if (!input.actor) throw forbidden('INVITATION_SIGN_IN');
      if (input.actor.userId !== existing.id) throw forbidden('INVITATION_OTHER_USER');
      const [member] = await tx
        .select({ id: memberships.id })
        .from(memberships)
        .where(and(eq(memberships.accountId, inv.accountId), eq(memberships.userId, existing.id)));
      if (member) throw new AppError(409, 'ALREADY_MEMBER');
      userId = existing.id;
    } else {
      if (!input.password) throw invalid({ password: 'field.password' });
      if (passwordProblem(input.password, inv.email) === 'field.passwordEmail') {
        throw invalid({ password: 'field.passwordEmail' });
      }
      const [user] = await tx
        .insert(users)
        .values({
          email: inv.email,
          passwordHash: await hashPassword(input.password),
          fname: inv.fname,
          lname: inv.lname,
          phone: inv.phone,
          locale: inv.locale,
        })
        .returning({ id: users.id });
      if (!user) throw new Error('user insert returned nothing');
      userId = user.id;
    }
    await tx.insert(memberships).values({ userId, accountId: inv.accountId, role: inv.role });
    // Accepting signs them in: user management shows it as their last sign-in.
    await tx.update(users).set({ lastSignInAt: new Date() }).where(eq(users.id, userId));
    await recordAudit(tx, { userId, accountId: inv.accountId, ip: input.ip }, 'user.join', userId, {
      role: inv.role,
      invitedBy: inv.invitedBy,
    });
    return { userId, accountId: inv.accountId };
  });
}
