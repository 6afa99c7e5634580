import type { Bilingual } from '@majlis/i18n';
import { z } from 'zod';

/**
 * Wire contract: the error shape of every /api answer that is not a success (DESIGN §5), and the error codes. Each
 * code is the catalog entry `error.<code>` of packages/i18n/locales/{ar,en}/server.po (errors.test.ts checks both).
 */
export const ERROR_CODES = [
  'ACCOUNT_BANNED',
  'ACCOUNT_CLOSED',
  'ACCOUNT_INACTIVE',
  'ACCOUNT_SUSPENDED',
  'ACCOUNT_UNKNOWN',
  'ALREADY_MEMBER',
  'CALENDAR_RANGE',
  'CHECKOUT_EXPIRED',
  'CONSENT_DECIDED',
  'COUPON_ALREADY_USED',
  'COUPON_EXISTS',
  'COUPON_EXPIRED',
  'COUPON_NOT_YET',
  'COUPON_REFUSED',
  'COUPON_UNKNOWN',
  'COUPON_USED_UP',
  'CSRF_INVALID',
  'DEMO_ACCOUNT',
  'DOMAIN_APPROVAL_PENDING',
  'DOMAIN_NOT_PROVED',
  'DOMAIN_TAKEN',
  'EMAIL_TAKEN',
  'ENTERPRISE_ONLY',
  'FORBIDDEN',
  'INDIVIDUAL_ONE_ROOM',
  'INSTITUTION_LAPSED',
  'INTERNAL',
  'INVALID_CREDENTIALS',
  'INVALID_JSON',
  'INVITATION_INVALID',
  'INVITATION_OTHER_USER',
  'INVITATION_SIGN_IN',
  'INVITATION_REVOKED',
  'INVITATION_VOID',
  'INVITATION_ACCOUNT_CLOSED',
  'LAST_OWNER',
  'MALFORMED_URL',
  'MEETING_DELETED',
  'MEETING_EXPIRED',
  'MEETING_FINISHED',
  'MEETING_INACTIVE',
  'MEETING_NOT_STARTED',
  'MEETING_NUMBER_NOT_FOUND',
  'MEETING_PASSCODE_REQUIRED',
  'MEETING_PASSCODE_TRIES',
  'MEETING_PASSCODE_WRONG',
  'MEETING_ROOM_TYPE',
  'MEETING_RUNNING',
  'MEETING_TRANSITION',
  'MEMBERSHIP_INACTIVE',
  'MESSAGE_ID_TAKEN',
  'METHOD_NOT_ALLOWED',
  'NOT_A_MEMBER',
  'NOT_FOUND',
  'NO_WALLET',
  'NUMBER_TAKEN',
  'ORDER_CLOSED',
  'ORDER_NOT_GRANTED',
  'ORDER_PAID',
  'OWNER_PROTECTED',
  'OWN_ROLE',
  'PAYLOAD_TOO_LARGE',
  'PASSWORD_SIGN_IN_OFF',
  'PAYMENT_ERROR',
  'PAYMENT_FAILED',
  'PICTURE_TOO_BIG_IMAGE',
  'PICTURE_TOO_LARGE',
  'PICTURE_TYPE',
  'PICTURE_UNREADABLE',
  'PROVIDER_NOT_CONFIGURED',
  'PROVIDER_UNAVAILABLE',
  'QUEUES_EMBEDDED',
  'QUEUES_READ_ONLY',
  'RATE_LIMITED',
  'RECORDING_LINK_INVALID',
  'RECORDING_NOT_FOUND',
  'REGISTER_TOKEN_INVALID',
  'REPORT_RANGE',
  'RESET_TOKEN_INVALID',
  'ROOM_ASSIGN_INDIVIDUAL',
  'ROOM_EXPIRED',
  'ROOM_HAS_MEETINGS',
  'ROOM_HAS_RUNNING_MEETING',
  'ROOM_ORDER_PENDING',
  'ROOM_PLAN_IN_BILLING',
  'SERVICE_UNAVAILABLE',
  'SSO_CLIENT_REFUSED',
  'SSO_EMAIL_UNVERIFIED',
  'SSO_ISSUER_UNREACHABLE',
  'SSO_LOGOUT_TOKEN_INVALID',
  'SSO_NOT_CONFIGURED',
  'SSO_OTHER_DOMAIN',
  'SSO_SECRET_LOST',
  'SSO_SHORT_NAME_TAKEN',
  'SSO_SIGN_IN_FAILED',
  'START_AS_OWNER_DENIED',
  'TEAM_NAME_TAKEN',
  'TRANSFER_NOT_INDIVIDUAL',
  'TRIAL_ALREADY_USED',
  'TRIAL_CODE_EXPIRED',
  'TRIAL_CODE_WRONG',
  'TRIAL_NOT_NEEDED',
  'TRIAL_RESEND_TOO_EARLY',
  'TRIAL_TOO_MANY_TRIES',
  'TRIAL_TRANSITION',
  'UNAUTHENTICATED',
  'UNSUPPORTED_MEDIA_TYPE',
  'VALIDATION_FAILED',
  'WEBHOOK_SIGNATURE',
] as const;
export type TErrorCode = (typeof ERROR_CODES)[number];

/** A message in both languages: the client shows the one of the page, e-mails and logs keep both. */
export const ZBilingual = z.strictObject({ ar: z.string(), en: z.string() }) satisfies z.ZodType<Bilingual>;
export type { Bilingual };

/** DESIGN §5: `fields` maps a field path (dotted, `_` for the whole body) to its message. */
export const ZErrorBody = z.strictObject({
  code: z.enum(ERROR_CODES),
  errorMessage: ZBilingual,
  fields: z.record(z.string(), ZBilingual).optional(),
});
export type ErrorBody = z.infer<typeof ZErrorBody>;
export type TErrorBody = ErrorBody;

/**
 * A zod failure as field → catalog id, the `fields` of a 400 VALIDATION_FAILED: a schema message that names a catalog
 * id (`field.…`, `error.…`) wins, else a generic one; an unknown key is `field.unknown`; the first issue of a field wins.
 */
export function fieldIdsOf(error: { issues: readonly z.core.$ZodIssue[] }): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields[[...issue.path, key].join('.')] ??= 'field.unknown';
      continue;
    }
    const field = issue.path.length ? issue.path.join('.') : '_';
    const generic = issue.code === 'invalid_type' ? 'field.required' : 'field.invalid';
    fields[field] ??= /^(field|error)\./.test(issue.message) ? issue.message : generic;
  }
  return fields;
}
