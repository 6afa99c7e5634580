import { logger } from '../../log.ts';
import { type CodeCheck, PhoneCodeError, type PhoneCodeSender } from './port.ts';

const log = logger.child({ module: 'twilio-verify' });

export interface TwilioVerifyOptions {
  accountSid: string;
  authToken: string;
  /** The Verify Service sid (VA…). */
  serviceSid: string;
  baseUrl: string;
  /** Per request; Twilio answers in well under a second. */
  timeoutMs?: number;
}

/** Twilio's error numbers we act on (https://www.twilio.com/docs/api/errors). */
const NOT_FOUND = 20404;
const MAX_CHECK_ATTEMPTS = 60202;
const MAX_SEND_ATTEMPTS = 60203;
const INVALID_PARAMETER = 60200;

interface TwilioAnswer {
  sid?: string;
  status?: string;
  valid?: boolean;
  code?: number;
  message?: string;
}

/**
 * Twilio Verify v2: POST /v2/Services/{VA}/Verifications (To, Channel, Locale) sends a code Twilio makes and keeps;
 * POST /v2/Services/{VA}/VerificationCheck (To, Code) judges it. Basic auth with the account sid and auth token.
 * A verification ends after 10 minutes or 5 wrong checks (60202) and is then 404, as it is once approved.
 */
export function twilioVerify(opts: TwilioVerifyOptions): PhoneCodeSender {
  const auth = `Basic ${Buffer.from(`${opts.accountSid}:${opts.authToken}`).toString('base64')}`;
  const base = `${opts.baseUrl.replace(/\/$/, '')}/v2/Services/${encodeURIComponent(opts.serviceSid)}`;

  async function post(path: string, form: Record<string, string>): Promise<{ status: number; body: TwilioAnswer }> {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: {
          authorization: auth,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: new URLSearchParams(form).toString(),
        signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
      });
    } catch (err) {
      throw new PhoneCodeError(`Twilio Verify unreachable: ${(err as Error).message}`);
    }
    const body = (await res.json().catch(() => ({}))) as TwilioAnswer;
    return { status: res.status, body };
  }

  return {
    name: 'twilio',
    async start(phone, channel, locale) {
      const { status, body } = await post('/Verifications', { To: phone, Channel: channel, Locale: locale });
      if (status === 201 || status === 200) return { sid: body.sid ?? null, codeHash: null };
      // The phone number itself is not in the message: it is personal data.
      log.warn({ status, code: body.code }, 'Twilio Verify refused a verification');
      throw new PhoneCodeError(body.message ?? `Twilio Verify answered ${status}`, status, body.code);
    },
    async check(phone, code): Promise<CodeCheck> {
      const { status, body } = await post('/VerificationCheck', { To: phone, Code: code });
      if (status === 200) {
        if (body.status === 'approved' && body.valid !== false) return 'approved';
        if (body.status === 'max_attempts_reached') return 'maxAttempts';
        if (body.status === 'expired' || body.status === 'canceled' || body.status === 'failed') return 'expired';
        return 'wrong';
      }
      if (status === 404 || body.code === NOT_FOUND) return 'expired';
      if (body.code === MAX_CHECK_ATTEMPTS) return 'maxAttempts';
      log.warn({ status, code: body.code }, 'Twilio Verify refused a check');
      throw new PhoneCodeError(body.message ?? `Twilio Verify answered ${status}`, status, body.code);
    },
  };
}

export const TWILIO_ERRORS = { NOT_FOUND, MAX_CHECK_ATTEMPTS, MAX_SEND_ATTEMPTS, INVALID_PARAMETER } as const;
