import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { Config } from './config.ts';
import { AppError } from './errors.ts';

export type LimitKind =
  | 'loginIp'
  | 'loginAccountIp'
  | 'loginAccount'
  | 'registerIp'
  | 'registerAccount'
  | 'resetIp'
  | 'resetAccount'
  | 'contactIp'
  | 'contactEmail'
  | 'joinMissIp'
  | 'passcodeIp'
  | 'passcodeMeeting'
  | 'passcodeWrites'
  | 'invitesMeeting'
  | 'invitesAccount'
  | 'teamWrites'
  | 'pictureUser'
  | 'passwordChangeUser'
  | 'usersAddAccount'
  | 'invitationIp'
  | 'invitationResend'
  | 'invitationWrites'
  | 'opsWrites'
  | 'recordingWrites'
  | 'recordingDownloads'
  | 'reportExportUser'
  | 'quoteUser'
  | 'transferUser'
  | 'checkoutUser'
  | 'switchUser'
  | 'invoicePdfUser'
  | 'trialUser'
  | 'trialPhone'
  | 'preferenceUser'
  | 'calendarFeedUser'
  | 'pushDeviceUser'
  | 'opsBasicIp'
  | 'ssoWrites'
  | 'ssoStartIp'
  | 'ssoLogoutIp';

export interface RateLimits {
  /** Counts `points` attempts; throws 429 RATE_LIMITED with the seconds to wait once the allowance is used up. */
  consume(kind: LimitKind, key: string, points?: number): Promise<void>;
  /** Counts one event without ever refusing (failures that a later check() looks at); returns the count so far. */
  count(kind: LimitKind, key: string): Promise<number>;
  /** How many have been counted in the current window. */
  used(kind: LimitKind, key: string): Promise<number>;
  /** Gives back points consume() took (a login that succeeded was not an attempt to count). */
  refund(kind: LimitKind, key: string, points?: number): Promise<void>;
  /** Forgets a key (a successful login clears that e-mail's failures from that IP). */
  reset(kind: LimitKind, key: string): Promise<void>;
}

const HOUR = 3600;
const DAY = 24 * HOUR;

/**
 * Limits on every anonymous or repeatable write (ASVS 6.1.1 / 6.3.1, issue 9). With Redis they are shared by every
 * instance; an in-memory limiter stands in while Redis is away. rate-limiter-flexible keeps fixed windows per key.
 *
 * Login (anti-lockout, README "Deploying safely"): only FAILURES count, so people who sign in successfully never use up
 * their office's shared IP. Failures per IP block that IP; failures per (e-mail, IP) block that pair; failures per
 * e-mail from everywhere only SLOW further attempts on it (see loginDelayMs), so an attacker can never lock the owner
 * out: the right password from the owner's own network always works.
 */
export function createRateLimits(config: Config, redis?: Redis): RateLimits {
  const window = config.RATE_WINDOW_SECONDS;
  const rules: Record<LimitKind, { points: number; duration: number }> = {
    loginIp: { points: config.RATE_LOGIN_IP, duration: window },
    loginAccountIp: { points: config.RATE_LOGIN_ACCOUNT, duration: window },
    // Counted, never refused: drives the progressive delay.
    loginAccount: { points: 1_000_000, duration: window },
    registerIp: { points: config.RATE_REGISTER_IP, duration: window },
    registerAccount: { points: config.RATE_REGISTER_ACCOUNT, duration: window },
    resetIp: { points: config.RATE_RESET_IP, duration: window },
    resetAccount: { points: config.RATE_RESET_ACCOUNT, duration: window },
    contactIp: { points: config.RATE_CONTACT_IP, duration: HOUR },
    contactEmail: { points: config.RATE_CONTACT_EMAIL, duration: HOUR },
    joinMissIp: { points: config.RATE_JOIN_MISS_IP, duration: window },
    // Wrong meeting passcodes (a million of them): per IP, and per meeting from everywhere (meetings/passcode.ts).
    passcodeIp: { points: config.RATE_PASSCODE_IP, duration: window },
    passcodeMeeting: { points: config.RATE_PASSCODE_MEETING, duration: window },
    // A new passcode or turning it off, per user: a host does it a few times, not hundreds (each may call Zoom).
    passcodeWrites: { points: 60, duration: HOUR },
    invitesMeeting: { points: config.RATE_INVITES_MEETING_DAY, duration: DAY },
    invitesAccount: { points: config.RATE_INVITES_ACCOUNT_DAY, duration: DAY },
    teamWrites: { points: config.RATE_TEAM_WRITES_HOUR, duration: HOUR },
    // Each upload costs a decode and a re-encode: a person changes their picture a few times, not hundreds.
    pictureUser: { points: 20, duration: HOUR },
    // A wrong current password is a guess at it, counted like sign-in failures on one account.
    passwordChangeUser: { points: config.RATE_LOGIN_ACCOUNT, duration: window },
    // Each added user may send an e-mail: an institution adds dozens a day when it starts, not thousands.
    usersAddAccount: { points: 200, duration: DAY },
    // Invitation links are long random tokens; this only keeps a guesser (and repeated accepts) slow.
    invitationIp: { points: config.RATE_RESET_IP, duration: window },
    // Resending an invitation mails somebody who is not a user yet: a few times an hour, not a mail bomb.
    invitationResend: { points: 3, duration: HOUR },
    // Revoking invitations, per user: tidying a list, not a script.
    invitationWrites: { points: 300, duration: HOUR },
    // The operator's account changes: a person suspends a handful of accounts, not thousands (a stolen ops session).
    opsWrites: { points: 100, duration: HOUR },
    // Each export reads a whole period (up to a year) and builds a file: a person downloads a few, not hundreds.
    reportExportUser: { points: 60, duration: HOUR },
    // Renames, publishing, deletions and share links of recordings, per user: tidying a list, not a script.
    recordingWrites: { points: 300, duration: HOUR },
    // Downloads counted per user or per share link, limited per user (or per IP signed out): a person, not a scraper.
    recordingDownloads: { points: 120, duration: HOUR },
    // A checkout dialog asks for a price at each change (tier, period, coupon): hundreds an hour, not a coupon guesser.
    quoteUser: { points: 300, duration: HOUR },
    // The move to enterprise happens once; a handful of tries covers a mistyped name or a double click.
    transferUser: { points: 10, duration: HOUR },
    // Orders and pay-again attempts: a buyer makes a few; each one starts a checkout at the gateway.
    checkoutUser: { points: 30, duration: HOUR },
    // Account switches (/api/inst-login), each a new session row.
    switchUser: { points: 120, duration: HOUR },
    // Each invoice PDF is laid out and its font subset on the spot: a person prints a few, a scraper many.
    invoicePdfUser: { points: 120, duration: HOUR },
    // Trial phone codes, per user (asking, resending, typing) and per number (each send is an SMS we pay for):
    // a person needs a few sends and a handful of tries, a script hopping numbers or users does not get far.
    trialUser: { points: 30, duration: HOUR },
    trialPhone: { points: 8, duration: DAY },
    // The language toggle and the cookie choice, signed in: a person clicks a few times, not hundreds.
    preferenceUser: { points: 120, duration: HOUR },
    // A new calendar-feed URL (revoking the old) or its removal: a person does it a few times, not hundreds.
    calendarFeedUser: { points: 20, duration: HOUR },
    // Registering or removing this device for push notifications: a few devices a person, not a script.
    pushDeviceUser: { points: 60, duration: HOUR },
    // Wrong OPS_USER / OPS_PASSWORD guesses at /admin/queues per IP, like sign-in failures on one account (issue 25).
    opsBasicIp: { points: config.RATE_LOGIN_ACCOUNT, duration: window },
    // The owner's provider settings (save, test, remove): each test calls the provider; a person tries a few dozen.
    ssoWrites: { points: 60, duration: HOUR },
    // Sign-ins begun through an institution's provider, and its look-ups from /login, per IP: each start stores a
    // row and each look-up tells whether a name exists, so a script gets slow; an office's shared IP does not.
    ssoStartIp: { points: config.RATE_LOGIN_IP * 4, duration: window },
    // Back-channel logout tokens posted by providers, per IP: each is a signature check and may fetch the provider's
    // keys; a provider ending a whole class's sessions at once posts a few hundred, a forger is slowed.
    ssoLogoutIp: { points: config.RATE_LOGIN_IP * 10, duration: window },
  };
  const limiters = Object.fromEntries(
    (Object.keys(rules) as LimitKind[]).map((kind) => {
      const opts = { ...rules[kind], keyPrefix: `${config.REDIS_PREFIX}rl:${kind}` };
      const limiter = redis
        ? new RateLimiterRedis({ ...opts, storeClient: redis, insuranceLimiter: new RateLimiterMemory(opts) })
        : new RateLimiterMemory(opts);
      return [kind, limiter];
    }),
  ) as Record<LimitKind, RateLimiterMemory | RateLimiterRedis>;

  const limited = (msBeforeNext: number) =>
    new AppError(429, 'RATE_LIMITED', undefined, { seconds: Math.max(1, Math.ceil(msBeforeNext / 1000)) });

  return {
    async consume(kind, key, points = 1) {
      try {
        await limiters[kind].consume(key.toLowerCase(), points);
      } catch (err) {
        if (err instanceof RateLimiterRes) {
          // A refused batch (50 invitations) is given back, so a smaller one that still fits goes through.
          if (points > 1) await limiters[kind].reward(key.toLowerCase(), points).catch(() => {});
          throw limited(err.msBeforeNext);
        }
        throw err;
      }
    },
    async count(kind, key) {
      try {
        const res = await limiters[kind].penalty(key.toLowerCase(), 1);
        return res.consumedPoints;
      } catch (err) {
        if (err instanceof RateLimiterRes) return err.consumedPoints;
        throw err;
      }
    },
    async used(kind, key) {
      const res = await limiters[kind].get(key.toLowerCase());
      return res?.consumedPoints ?? 0;
    },
    async refund(kind, key, points = 1) {
      await limiters[kind].reward(key.toLowerCase(), points).catch(() => {});
    },
    async reset(kind, key) {
      await limiters[kind].delete(key.toLowerCase()).catch(() => {});
    },
  };
}

/**
 * How long to hold a login attempt on an e-mail that has failed `failures` times from anywhere in the window: nothing
 * up to RATE_LOGIN_SLOW_AFTER, then 250 ms doubling per failure up to RATE_LOGIN_DELAY_MAX_MS. It slows a distributed
 * guesser to a crawl and costs the owner a few seconds at most.
 */
export function loginDelayMs(
  config: Pick<Config, 'RATE_LOGIN_SLOW_AFTER' | 'RATE_LOGIN_DELAY_MAX_MS'>,
  failures: number,
) {
  const over = failures - config.RATE_LOGIN_SLOW_AFTER;
  if (over < 0) return 0;
  return Math.min(config.RATE_LOGIN_DELAY_MAX_MS, 250 * 2 ** Math.min(over, 20));
}
