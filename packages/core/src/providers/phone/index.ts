import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/connect.ts';
import { outboxPhoneCodes } from './outbox.ts';
import type { PhoneCodeSender } from './port.ts';
import { twilioVerify } from './twilio-verify.ts';

export type { CodeCheck, CodeStart, PhoneChannel, PhoneCodeSender, StoredCode } from './port.ts';
export { PhoneCodeError } from './port.ts';

/** Twilio Verify when its three keys are set (parseConfig refuses one or two), otherwise the outbox. */
export function phoneCodesFor(config: Config, db: Db | Tx): PhoneCodeSender {
  if (config.TWILIO_ACCOUNT_SID && config.TWILIO_AUTH_TOKEN && config.TWILIO_VERIFY_SERVICE_SID) {
    return twilioVerify({
      accountSid: config.TWILIO_ACCOUNT_SID,
      authToken: config.TWILIO_AUTH_TOKEN,
      serviceSid: config.TWILIO_VERIFY_SERVICE_SID,
      baseUrl: config.TWILIO_BASE_URL,
    });
  }
  return outboxPhoneCodes(db, config.sessionSecret);
}
