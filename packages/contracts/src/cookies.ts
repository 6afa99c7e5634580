/**
 * Wire contract: cookie and header names the browser, the BFF and the socket handshake agree on (spec §7, §9).
 * A `__Host-` name is used behind HTTPS (config.secure): the browser then refuses it from a sub-domain or over HTTP.
 */

/** The session id (HttpOnly). */
export const SESSION_COOKIE = 'majlis.sid';
export const SECURE_SESSION_COOKIE = '__Host-majlis.sid';
/** A signed-out visitor's CSRF nonce (HttpOnly); the token is its HMAC (bff http/session.ts). */
export const ANON_COOKIE = 'majlis.anon';
export const SECURE_ANON_COOKIE = '__Host-majlis.anon';
/** The CSRF token, readable by the page's script. */
export const XSRF_COOKIE = 'XSRF-TOKEN';
/** Spec §9 names this one; the same token as XSRF-TOKEN, for clients that read it by that name. */
export const X_XSRF_COOKIE = 'X-XSRF-TOKEN';
/** The chosen language ('Ar' / 'En'), read by the server for e-mails and messages. */
export const LANG_COOKIE = 'MajlisLang';
/**
 * '1' when a signed-out visitor picked the language themselves (the language menu on the login, register or
 * invitation page): signing in then keeps MajlisLang's language and writes it to the profile (issue 26), and the BFF
 * clears this flag.
 */
export const LANG_CHOSEN_COOKIE = 'MajlisLangChosen';
/** The visitor's cookie choice ('true' / 'false', 365 days) and the cookie policy version it was made under. */
export const CONSENT_COOKIE = 'CookieConsent';
export const CONSENT_VERSION_COOKIE = 'CookieConsentVersion';
/**
 * The cookie policy in force (/home/privacy). Raise it when the policy changes: every choice made under an older one,
 * stored in a browser or on the server, counts as none and the banner asks again.
 */
export const COOKIE_POLICY_VERSION = 1;
/** Every unsafe request carries the CSRF token in this header (X-XSRF-Token is accepted too). */
export const CSRF_HEADER = 'X-CSRF-Token';
export const XSRF_HEADER = 'X-XSRF-Token';

export function sessionCookieName(secure: boolean): string {
  return secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

export function anonCookieName(secure: boolean): string {
  return secure ? SECURE_ANON_COOKIE : ANON_COOKIE;
}
