import type { UserTrial } from '@majlis/contracts/account';
import type { TrialVerification, TTrialPhoneBody } from '@majlis/contracts/billing';
import { api, body } from '../../../lib/api.ts';

export type { TrialVerification, UserTrial };

/** GET /api/usertrial and the trial's phone-code steps (/api/usertrial/*), typed from the BFF's routes. */
export const trialApi = {
  trial: () => body(api.usertrial.$get()),
  verification: () => body(api.usertrial.verification.$get()),
  sendCode: (json: TTrialPhoneBody) => body(api.usertrial.phone.$post({ json })),
  resend: () => body(api.usertrial.resend.$post()),
  verify: (code: string) => body(api.usertrial.verify.$post({ json: { code } })),
};
