import { LANG_CHOSEN_COOKIE, LANG_COOKIE } from '@majlis/contracts/cookies';
import { publishActorChanged } from '@majlis/core/events/access';
import { adoptChosenLocale } from '@majlis/core/profile/update-profile';
import { decideLanguage } from '@majlis/machines';
import type { Context } from 'hono';
import { deleteCookie, getCookie } from 'hono/cookie';
import type { Env } from '../env.ts';

/**
 * Issue 26: a language the visitor chose themselves on a signed-out page (the MajlisLangChosen flag beside
 * MajlisLang) is kept at sign-in (login, registration's confirmation, an accepted invitation) and becomes the
 * profile's; the flag is then cleared. Without the flag the profile's language stands.
 */
export async function keepChosenLanguage(c: Context<Env>, userId: string): Promise<void> {
  if (getCookie(c, LANG_CHOSEN_COOKIE) !== '1') return;
  const { db, bus, config } = c.get('runtime');
  deleteCookie(c, LANG_CHOSEN_COOKIE, { path: '/', secure: config.secure });
  const stored = getCookie(c, LANG_COOKIE) ?? null;
  if (!stored?.trim()) return;
  // The chart without the profile: the explicit choice stands where the profile would (so no new chart state, and
  // anything not En is Ar as ever).
  const locale = decideLanguage({ stored });
  if (await adoptChosenLocale(db, userId, locale)) await publishActorChanged(bus, userId);
}
