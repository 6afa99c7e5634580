import type { ProfileAnswer, TProfileBody, TProfileLocaleBody } from '@majlis/contracts/profile';
import { and, eq, ne } from 'drizzle-orm';
import { type Actor, toSessionUser } from '../auth/actor.ts';
import type { Db } from '../db/connect.ts';
import { users } from '../db/schema/index.ts';
import { notFound } from '../errors.ts';

/**
 * The user's own details (names, phone in E.164, language, time zone, digit style when given); the answer carries the
 * new session user.
 */
export async function updateProfile(db: Db, actor: Actor, body: TProfileBody): Promise<ProfileAnswer> {
  const [u] = await db
    .update(users)
    .set({
      fname: body.fname,
      lname: body.lname,
      phone: body.phone,
      locale: body.locale,
      timeZone: body.timeZone,
      ...(body.digits ? { digits: body.digits } : {}),
      ...(body.chatDigest !== undefined ? { chatDigest: body.chatDigest } : {}),
      ...(body.hijri !== undefined ? { hijri: body.hijri } : {}),
    })
    .where(eq(users.id, actor.userId))
    .returning({
      id: users.id,
      fname: users.fname,
      lname: users.lname,
      email: users.email,
      phone: users.phone,
      picture: users.picture,
      locale: users.locale,
      timeZone: users.timeZone,
      digits: users.digits,
      chatDigest: users.chatDigest,
      hijri: users.hijri,
    });
  if (!u) throw notFound();
  const user = toSessionUser({ ...actor, fname: u.fname, lname: u.lname, picture: u.picture });
  return { info: { ...u, digits: u.digits ?? null }, user };
}

/** The profile's language alone (the language toggle, signed in). */
export async function saveLocale(db: Db, actor: Actor, body: TProfileLocaleBody): Promise<TProfileLocaleBody> {
  const [u] = await db
    .update(users)
    .set({ locale: body.locale })
    .where(eq(users.id, actor.userId))
    .returning({ locale: users.locale });
  if (!u) throw notFound();
  return { locale: u.locale };
}

/**
 * Signing in after choosing the language on a signed-out page (issue 26): that choice becomes the profile's. Answers
 * whether the profile changed.
 */
export async function adoptChosenLocale(db: Db, userId: string, locale: 'ar' | 'en'): Promise<boolean> {
  const changed = await db
    .update(users)
    .set({ locale })
    .where(and(eq(users.id, userId), ne(users.locale, locale)))
    .returning({ id: users.id });
  return changed.length > 0;
}
