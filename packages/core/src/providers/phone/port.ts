import type { Locale } from '@majlis/i18n';

/**
 * The phone-code port (spec §4 trial): send a code by SMS or a messaging app, then judge a code typed back. The
 * embedded default makes the code itself and leaves the message in the outbox; Twilio Verify makes, sends and keeps
 * its own. Tries, expiry and the resend wait are counted by the trial service either way (Twilio counts too).
 */

export type PhoneChannel = 'sms' | 'whatsapp';

export type CodeCheck = 'approved' | 'wrong' | 'expired' | 'maxAttempts';

export interface CodeStart {
  /** Twilio's verification sid (VE…); null for the outbox. */
  sid: string | null;
  /** The outbox code, hashed (salt:hmac); null when the provider holds the code. */
  codeHash: string | null;
}

/** What the service stored for the pending verification. */
export interface StoredCode {
  codeHash: string | null;
  sid: string | null;
  attempts: number;
  expiresAt: Date;
}

export interface PhoneCodeSender {
  readonly name: 'outbox' | 'twilio';
  start(phone: string, channel: PhoneChannel, locale: Locale): Promise<CodeStart>;
  check(phone: string, code: string, stored: StoredCode, now?: Date): Promise<CodeCheck>;
}

/** The provider could not be reached or refused for a reason of its own: the user is asked to try again later. */
export class PhoneCodeError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly providerCode?: number,
  ) {
    super(message);
    this.name = 'PhoneCodeError';
  }
}
