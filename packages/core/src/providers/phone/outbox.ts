import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { TRIAL_CODE } from '@majlis/contracts/billing';
import type { Db, Tx } from '../../db/connect.ts';
import { enqueueMessage } from '../../outbox/enqueue.ts';
import type { CodeCheck, PhoneCodeSender, StoredCode } from './port.ts';

/**
 * The code as stored: a random salt and an HMAC keyed with the app secret (as password-reset tokens are), so six
 * digits cannot be found from a copy of the database alone, and two equal codes never read the same.
 */
export function hashCode(secret: string, code: string, salt = randomBytes(16).toString('hex')): string {
  return `${salt}:${createHmac('sha256', secret).update(`${salt}:${code}`).digest('hex')}`;
}

export function codeMatches(secret: string, code: string, stored: string): boolean {
  const [salt] = stored.split(':');
  if (!salt) return false;
  const a = Buffer.from(hashCode(secret, code, salt));
  const b = Buffer.from(stored);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Six digits, leading zeros kept. */
export function newCode(): string {
  return String(randomInt(0, 10 ** TRIAL_CODE.length)).padStart(TRIAL_CODE.length, '0');
}

/**
 * The embedded default (and tests): the message goes to the outbox (channel 'sms', the outbox's only phone channel;
 * a WhatsApp message says so in its subject) in the user's language, readable at /dev/outbox. `db` is the service's
 * transaction, so the message exists exactly when the verification row does.
 */
export function outboxPhoneCodes(db: Db | Tx, secret: string): PhoneCodeSender {
  return {
    name: 'outbox',
    async start(phone, channel, locale) {
      const code = newCode();
      await enqueueMessage(db, {
        channel: 'sms',
        to: phone,
        locale,
        template: 'trialCode',
        values: { code, channel, minutes: TRIAL_CODE.ttlMinutes },
        // The code is typed (or filled in by the phone) in ASCII digits, so the whole message uses them: one digit
        // style in the line ("هو 349249 … 10 دقائق"), not the code in Latin beside "١٠ دقائق".
        digits: 'latn',
      });
      return { sid: null, codeHash: hashCode(secret, code) };
    },
    async check(_phone, code, stored: StoredCode, now = new Date()): Promise<CodeCheck> {
      if (stored.expiresAt.getTime() <= now.getTime()) return 'expired';
      if (stored.attempts >= TRIAL_CODE.maxTries) return 'maxAttempts';
      if (!stored.codeHash) return 'expired';
      return codeMatches(secret, code, stored.codeHash) ? 'approved' : 'wrong';
    },
  };
}
