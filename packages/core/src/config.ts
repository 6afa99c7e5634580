import { createECDH, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

/** The only place that reads process.env. Nothing set → the embedded default (PGlite, in-memory bus). */

const zBool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const zUrl = (protocols: string[]) =>
  z.string().refine(
    (v) => {
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    `must be a URL starting with ${protocols.join(' or ')}`,
  );

const zPositiveInt = z.coerce.number().int().positive();

export const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Unset: 127.0.0.1 in the embedded default (nothing on the network sees its outbox or demo data), 0.0.0.0 in scale-out. */
  HOST: z.string().min(1).optional(),
  PUBLIC_URL: zUrl(['http:', 'https:']).optional(),
  ALLOWED_ORIGINS: z.string().optional(),
  DATABASE_URL: zUrl(['postgres:', 'postgresql:']).optional(),
  DATA_DIR: z.string().min(1).default('.data'),
  /** PostgreSQL connections per process. */
  DATABASE_POOL_MAX: zPositiveInt.default(10),
  /** PostgreSQL: how long to wait for a connection (new or from the pool) before the request answers 503. */
  DATABASE_CONNECT_TIMEOUT_MS: zPositiveInt.default(5000),
  /** PostgreSQL statement_timeout: a longer statement is cancelled by the server (→ 503); the client gives up 5 s later. */
  DATABASE_STATEMENT_TIMEOUT_MS: zPositiveInt.default(15_000),
  /**
   * PostgreSQL idle_in_transaction_session_timeout: a transaction left open this long is ended by the server. Shorter
   * than the statement timeout on purpose: a hung process (a worker stopped mid-transaction) loses its row locks before
   * a healthy one waiting on them is cancelled, so the healthy one takes over instead of failing. Our transactions never
   * wait on anything but the database.
   */
  DATABASE_IDLE_TX_TIMEOUT_MS: zPositiveInt.default(10_000),
  REDIS_URL: zUrl(['redis:', 'rediss:']).optional(),
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.-]+:?$/)
    .default('majlis:'),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Web Push (issue 31): the VAPID key pair (base64url, as web-push generate-vapid-keys prints it) and its contact. */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[\w-]{80,90}$/, 'must be a base64url P-256 public key')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[\w-]{40,45}$/, 'must be a base64url P-256 private key')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:)/, 'must be a mailto: or https: URL')
    .optional(),
  /**
   * The key that encrypts secrets kept in the database (an institution's OpenID Connect client secret). Unset: derived
   * from the session secret, so changing SESSION_SECRET then makes owners enter those secrets again.
   */
  SECRETS_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  SESSION_IDLE_SECONDS: zPositiveInt.default(3 * 24 * 3600),
  SESSION_ABSOLUTE_SECONDS: zPositiveInt.default(30 * 24 * 3600),
  /**
   * How many reverse proxies in front of us append to X-Forwarded-For: the client IP is the entry that many hops from
   * the right (the right-most one no trusted proxy wrote is spoofable by nobody). 0 / unset: the socket's address.
   * `true` / `yes` mean 1.
   */
  TRUST_PROXY: z
    .string()
    .regex(/^(\d{1,2}|true|false|yes|no)$/, 'must be a number of proxy hops (0, 1, 2 …)')
    .transform((v) => (v === 'true' || v === 'yes' ? 1 : v === 'false' || v === 'no' ? 0 : Number(v)))
    .default(0),
  SEED_DEMO: zBool.optional(),
  DEMO_PASSWORD: z.string().min(8, 'must be at least 8 characters').default('Majlis-demo-2026'),
  LOG_LEVEL: z.enum(['silent', 'error', 'warn', 'info', 'debug']).default('info'),
  // Rate limits: attempts allowed per window, per IP and per account.
  /** Failed logins per IP per window; then that IP waits (successes never count). */
  RATE_LOGIN_IP: zPositiveInt.default(30),
  /** Failed logins on one e-mail from one IP per window; then that IP waits for that e-mail only. */
  RATE_LOGIN_ACCOUNT: zPositiveInt.default(10),
  /** Failed logins on one e-mail from anywhere before each further attempt on it is slowed (never blocked). */
  RATE_LOGIN_SLOW_AFTER: zPositiveInt.default(10),
  /** The longest that slowing gets, in milliseconds (it doubles per failure from 250 ms). */
  RATE_LOGIN_DELAY_MAX_MS: z.coerce.number().int().min(0).default(5000),
  RATE_REGISTER_IP: zPositiveInt.default(20),
  RATE_REGISTER_ACCOUNT: zPositiveInt.default(5),
  RATE_RESET_IP: zPositiveInt.default(20),
  RATE_RESET_ACCOUNT: zPositiveInt.default(5),
  RATE_WINDOW_SECONDS: zPositiveInt.default(15 * 60),
  /** Contact-form messages per IP and per sender e-mail, per hour (each one e-mails support). */
  RATE_CONTACT_IP: zPositiveInt.default(5),
  RATE_CONTACT_EMAIL: zPositiveInt.default(3),
  /** Lookups of unknown meeting numbers per IP per window (join by number; stops enumeration). */
  RATE_JOIN_MISS_IP: zPositiveInt.default(20),
  /** Wrong meeting passcodes per IP per window; the next attempt from that IP is refused until the window ends. */
  RATE_PASSCODE_IP: zPositiveInt.default(10),
  /** Wrong passcodes for one meeting from anywhere per window (a new passcode starts the count again). */
  RATE_PASSCODE_MEETING: zPositiveInt.default(50),
  /** Invitations per meeting per day, and per account per day. */
  RATE_INVITES_MEETING_DAY: zPositiveInt.default(200),
  RATE_INVITES_ACCOUNT_DAY: zPositiveInt.default(1000),
  /** Team changes (create, rename, delete, add or remove a member) per account per hour. */
  RATE_TEAM_WRITES_HOUR: zPositiveInt.default(600),
  /** Chat messages over one socket per second (in 2-second windows, so bursts of twice that), see socket-limits.ts. */
  RATE_SOCKET_SENDS_SECOND: zPositiveInt.default(10),
  /** Chat messages per user per minute over all their sockets (and, with Redis, all instances). */
  RATE_SOCKET_SENDS_MINUTE: zPositiveInt.default(120),
  // Contact details shown on the public site (spec §3 contact config).
  SUPPORT_EMAIL: z.email().default('support@majlis.example'),
  SUPPORT_PHONE: z.string().default('+201000000000'),
  SUPPORT_PHONE_2: z.string().default('+201100000000'),
  SOCIAL_FACEBOOK: z.string().default('https://www.facebook.com/'),
  SOCIAL_TWITTER: z.string().default('https://twitter.com/'),
  SOCIAL_LINKEDIN: z.string().default('https://www.linkedin.com/'),
  SOCIAL_YOUTUBE: z.string().default('https://www.youtube.com/'),
  // Messaging.
  SMTP_URL: zUrl(['smtp:', 'smtps:']).optional(),
  MAIL_FROM: z.string().default('Majlis <no-reply@majlis.example>'),
  // Conferencing providers.
  BBB_URL: zUrl(['http:', 'https:']).optional(),
  BBB_SECRET: z.string().min(1).optional(),
  BBB_CHECKSUM: z.enum(['sha256', 'sha1', 'sha384', 'sha512']).default('sha256'),
  ZOOM_ACCOUNT_ID: z.string().min(1).optional(),
  ZOOM_CLIENT_ID: z.string().min(1).optional(),
  ZOOM_CLIENT_SECRET: z.string().min(1).optional(),
  ZOOM_WEBHOOK_SECRET: z.string().min(1).optional(),
  ZOOM_API_URL: zUrl(['http:', 'https:']).default('https://api.zoom.us/v2'),
  ZOOM_OAUTH_URL: zUrl(['http:', 'https:']).default('https://zoom.us/oauth/token'),
  JITSI_BASE_URL: zUrl(['http:', 'https:']).default('https://meet.jit.si'),
  JITSI_APP_ID: z.string().min(1).optional(),
  JITSI_APP_SECRET: z.string().min(1).optional(),
  // Payments: the embedded sandbox unless PAYMENTS_PROVIDER=paymob (then the PAYMOB_* keys below are required).
  PAYMENTS_PROVIDER: z.enum(['sandbox', 'paymob']).default('sandbox'),
  PAYMOB_SECRET_KEY: z.string().min(1).optional(),
  PAYMOB_PUBLIC_KEY: z.string().min(1).optional(),
  PAYMOB_HMAC_SECRET: z.string().min(1).optional(),
  PAYMOB_CARD_INTEGRATION_ID: zPositiveInt.optional(),
  /** Mobile wallets (Vodafone Cash, Orange Cash…); unset: cards only. */
  PAYMOB_WALLET_INTEGRATION_ID: zPositiveInt.optional(),
  /** Egypt's host; other regions have their own (ksa.paymob.com, uae.paymob.com, oman.paymob.com). */
  PAYMOB_BASE_URL: zUrl(['http:', 'https:']).default('https://accept.paymob.com'),
  /** VAT added to every price on quotes, orders and invoices, in whole percent (Egypt's VAT is 14%). */
  BILLING_TAX_PERCENT: z.coerce.number().int().min(0).max(100).default(14),
  // Trial phone codes: Twilio Verify when all three are set; otherwise the code goes to the outbox (/dev/outbox).
  TWILIO_ACCOUNT_SID: z.string().min(1).optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  /** The Verify Service (VA…) that holds the code settings. */
  TWILIO_VERIFY_SERVICE_SID: z.string().min(1).optional(),
  TWILIO_BASE_URL: zUrl(['http:', 'https:']).default('https://verify.twilio.com'),
  // Worker (BullMQ): a killed worker's job is taken over once its lock lapses and the stalled check runs.
  WORKER_CONCURRENCY: zPositiveInt.default(10),
  /**
   * A queue whose jobs are run in batches (notifications) takes this many at once: they wait for their batch's
   * commit, so 10 at a time meant batches of at most 10 (issue 14: 50 reaches the 2,000 jobs/s goal).
   */
  WORKER_BATCH_CONCURRENCY: zPositiveInt.default(50),
  WORKER_LOCK_MS: zPositiveInt.default(30_000),
  WORKER_STALLED_INTERVAL_MS: zPositiveInt.default(30_000),
  // Ops dashboard basic auth (bull-board).
  OPS_USER: z.string().min(1).optional(),
  /** Comma-separated e-mails of users given the ops role at start-up. */
  OPS_EMAILS: z.string().optional(),
  OPS_PASSWORD: z.string().min(8).optional(),
});

export type TEnv = z.infer<typeof ZEnv>;

export interface Config extends TEnv {
  publicUrl: string;
  secure: boolean;
  embedded: boolean;
  dataDir: string;
  sessionSecret: string;
  /** SECRETS_KEY, or the session secret when it is unset (auth/secret-box.ts derives the AES key from it). */
  secretsKey: string;
  allowedOrigins: string[];
  seedDemo: boolean;
  /** Where the BFF listens (HOST, or its default for the mode). */
  host: string;
  /** Whether SESSION_SECRET was given (scale-out BFFs refuse to start without it). */
  sessionSecretSet: boolean;
  /** Web Push's VAPID keys: configured, generated and kept beside the data in the embedded default, else none. */
  vapid: { publicKey: string; privateKey: string; subject: string } | null;
}

/** What Paymob cannot work without: a checkout nobody can pay, or callbacks nobody can verify, must not start. */
export const PAYMOB_REQUIRED = [
  'PAYMOB_SECRET_KEY',
  'PAYMOB_PUBLIC_KEY',
  'PAYMOB_HMAC_SECRET',
  'PAYMOB_CARD_INTEGRATION_ID',
] as const;

/** Twilio Verify is used with all three; one or two of them set is a mistake that would send codes nowhere. */
export const TWILIO_REQUIRED = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_VERIFY_SERVICE_SID'] as const;

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    detail: string,
  ) {
    super(`Invalid configuration: ${variable} ${detail}`);
  }
}

/** Parse an environment; throws ConfigError naming the first bad variable. */
export function parseConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([k, v]) => k in ZEnv.shape && v !== ''));
  const parsed = ZEnv.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = String(issue?.path[0] ?? 'environment');
    throw new ConfigError(variable, issue?.message ?? 'is invalid');
  }
  const e = parsed.data;
  if (e.PAYMENTS_PROVIDER === 'paymob') {
    const missing = PAYMOB_REQUIRED.find((name) => e[name] === undefined);
    if (missing) throw new ConfigError(missing, 'is required with PAYMENTS_PROVIDER=paymob');
  }
  const twilio = TWILIO_REQUIRED.filter((name) => e[name] !== undefined);
  if (twilio.length && twilio.length < TWILIO_REQUIRED.length) {
    const missing = TWILIO_REQUIRED.find((name) => e[name] === undefined) as string;
    throw new ConfigError(missing, 'is required with the other TWILIO_* keys');
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const dataDir = resolve(e.DATA_DIR);
  const embedded = !e.DATABASE_URL;
  const sessionSecret = e.SESSION_SECRET ?? defaultSecret(embedded, dataDir);
  return {
    ...e,
    publicUrl,
    secure: publicUrl.startsWith('https:'),
    embedded,
    dataDir,
    sessionSecret,
    secretsKey: e.SECRETS_KEY ?? sessionSecret,
    sessionSecretSet: e.SESSION_SECRET !== undefined,
    vapid: vapidKeys(e, embedded, dataDir, publicUrl),
    host: e.HOST ?? (embedded ? '127.0.0.1' : '0.0.0.0'),
    allowedOrigins: [
      new URL(publicUrl).origin,
      ...(e.ALLOWED_ORIGINS ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ],
    seedDemo: e.SEED_DEMO ?? embedded,
  };
}

/**
 * Embedded: a random secret kept beside the data. Scale-out without SESSION_SECRET: a random one for this process
 * only (a worker needs none); a BFF refuses to start that way (loadConfigOrExit with requireSessionSecret).
 */
function defaultSecret(embedded: boolean, dataDir: string): string {
  if (!embedded) return randomBytes(32).toString('hex');
  const file = join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * VAPID keys for Web Push: both given, or (embedded) a P-256 pair made once and kept beside the data, so devices that
 * subscribed keep working after a restart. Scale-out without them sends no pushes (one key alone is an error).
 */
function vapidKeys(e: TEnv, embedded: boolean, dataDir: string, publicUrl: string): Config['vapid'] {
  const subject = e.VAPID_SUBJECT ?? (publicUrl.startsWith('https:') ? publicUrl : 'mailto:support@majlis.invalid');
  if (e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY) {
    return { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject };
  }
  if (e.VAPID_PUBLIC_KEY || e.VAPID_PRIVATE_KEY) {
    throw new ConfigError(e.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY', 'is required with the other');
  }
  if (!embedded) return null;
  const file = join(dataDir, 'vapid.json');
  if (existsSync(file)) return { ...JSON.parse(readFileSync(file, 'utf8')), subject };
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const keys = {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    // web-push wants exactly 32 bytes; a key with a leading zero byte comes back shorter
    privateKey: Buffer.from(ecdh.getPrivateKey().toString('hex').padStart(64, '0'), 'hex').toString('base64url'),
  };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return { ...keys, subject };
}

/**
 * A scale-out BFF shares sessions with its peers, so they must share a secret of their own: a missing one is an
 * error, never a default that everybody can read in our source.
 */
export function assertServable(config: Config): void {
  if (!config.embedded && !config.sessionSecretSet) {
    throw new ConfigError(
      'SESSION_SECRET',
      'is required with DATABASE_URL (at least 32 random characters, the same on every instance)',
    );
  }
}

/** For main(): one line naming the variable, then exit 1. */
export function loadConfigOrExit(
  env: Record<string, string | undefined> = process.env,
  opts: { requireSessionSecret?: boolean } = {},
): Config {
  try {
    const config = parseConfig(env);
    if (opts.requireSessionSecret) assertServable(config);
    return config;
  } catch (err) {
    if (err instanceof ConfigError) {
      // One plain line, not a log record: the logger's level and format come from the configuration that failed.
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
}
