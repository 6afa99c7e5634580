import type { SessionUser } from '@majlis/machines';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The language key of spec §3 (`{product}Lang`), used for both localStorage and the cookie the BFF reads. */
export const LANGUAGE_KEY = 'MajlisLang';
export const CONSENT_COOKIE = 'CookieConsent';
export const USER_KEY = 'user';
export const CHAT_SCREEN_KEY = 'chatScreen';

export function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/** Cookies the client writes live 365 days (spec §9, language and consent). */
export function writeCookie(name: string, value: string, maxAgeSeconds = YEAR_SECONDS): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is async and absent from Safari before 18.4 and from happy-dom; this is the one place that writes.
  document.cookie = `${name}=${encodeURIComponent(value)}; max-age=${maxAgeSeconds}; path=/; SameSite=Lax`;
}

export function readLocal(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeLocal(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Private mode or storage full: the in-memory state still holds.
  }
}

export function readStoredUser(): SessionUser | null {
  const raw = readLocal(USER_KEY);
  if (!raw) return null;
  try {
    const user = JSON.parse(raw) as SessionUser;
    return user && typeof user.id === 'string' && typeof user.email === 'string' ? user : null;
  } catch {
    return null;
  }
}

export function storeUser(user: SessionUser | null): void {
  writeLocal(USER_KEY, user ? JSON.stringify(user) : null);
}
