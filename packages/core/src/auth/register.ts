import type { Locale } from '@majlis/i18n';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/connect.ts';
import { accounts, memberships, users } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import { hashPassword } from './password.ts';

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

/** A new user with a personal (indv) account that they own. Duplicate e-mail (any case) → 409. */
export async function registerUser(db: Db, input: RegisterInput): Promise<{ userId: string; accountId: string }> {
  const email = input.email.trim().toLowerCase();
  const exists = await queryRows(db, sql`select 1 from users where lower(email) = ${email} limit 1`);
  if (exists.length) throw new AppError(409, 'EMAIL_TAKEN', { email: 'error.EMAIL_TAKEN' });
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          email,
          passwordHash,
          fname: input.fname.trim(),
          lname: input.lname.trim(),
          phone: input.phone,
          locale: input.locale,
          timeZone: input.timeZone ?? 'Africa/Cairo',
          termsAcceptedAt: new Date(),
        })
        .returning({ id: users.id });
      if (!user) throw new Error('user insert returned nothing');
      const [account] = await tx
        .insert(accounts)
        .values({ kind: 'indv', name: `${input.fname.trim()} ${input.lname.trim()}`, ownerUserId: user.id })
        .returning({ id: accounts.id });
      if (!account) throw new Error('account insert returned nothing');
      await tx.insert(memberships).values({ userId: user.id, accountId: account.id, role: 'owner' });
      return { userId: user.id, accountId: account.id };
    });
  } catch (err) {
    // Two registrations racing on one e-mail: the unique index decides.
    if (String((err as { cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code) === '23505') {
      throw new AppError(409, 'EMAIL_TAKEN', { email: 'error.EMAIL_TAKEN' });
    }
    throw err;
  }
}
