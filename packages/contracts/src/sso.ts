import { z } from 'zod';
import { singleLine } from './strings.ts';

/** Wire contract of issue 30: an institution's own OpenID Connect provider, and the domains it has proved. */

export const SSO_LIMITS = { shortName: 40, issuer: 300, clientId: 200, clientSecret: 500, query: 254 } as const;

/** An https address, or http on this machine only (a provider run beside Majlis, as the tests do). */
export function isIssuerUrl(value: string): boolean {
  try {
    const url = new URL(value);
    if (url.search || url.hash || url.username || url.password) return false;
    if (url.protocol === 'https:') return true;
    return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  } catch {
    return false;
  }
}

export const SSO_ROLES = ['member', 'admin'] as const;
export type SsoRole = (typeof SSO_ROLES)[number];

/**
 * PUT /api/account/sso and POST /api/account/sso/test (the owner only). An empty clientSecret keeps the stored one
 * (the form never receives it back); the first save needs one.
 */
export const ZSsoBody = z.strictObject({
  shortName: singleLine('field.ssoShortName')
    .trim()
    .toLowerCase()
    .min(2, 'field.ssoShortName')
    .max(SSO_LIMITS.shortName, 'field.tooLong')
    .regex(/^[a-z0-9][a-z0-9-]*$/, 'field.ssoShortName'),
  issuer: singleLine('field.ssoIssuer')
    .trim()
    .max(SSO_LIMITS.issuer, 'field.tooLong')
    .refine(isIssuerUrl, 'field.ssoIssuer'),
  clientId: singleLine('field.ssoClientId')
    .trim()
    .min(1, 'field.ssoClientId')
    .max(SSO_LIMITS.clientId, 'field.tooLong'),
  clientSecret: singleLine('field.ssoClientSecret').max(SSO_LIMITS.clientSecret, 'field.tooLong'),
  passwordsAllowed: z.boolean('field.invalid'),
  defaultRole: z.enum(SSO_ROLES, 'field.invalid'),
});
export type TSsoBody = z.infer<typeof ZSsoBody>;

/** GET/PUT /api/account/sso: what is stored, never the secret itself (only whether one is kept). */
export const ZSsoSettings = z.strictObject({
  sso: z
    .strictObject({
      shortName: z.string(),
      issuer: z.string(),
      clientId: z.string(),
      secretSet: z.boolean(),
      passwordsAllowed: z.boolean(),
      defaultRole: z.enum(SSO_ROLES),
    })
    .nullable(),
  /** Where the owner registers Majlis at their provider (the redirect and back-channel logout addresses). */
  redirectUri: z.string(),
  backchannelLogoutUri: z.string(),
});
export type SsoSettings = z.infer<typeof ZSsoSettings>;

/** POST /api/auth/oidc/backchannel-logout/:accountId: the token was good; how many Majlis sessions it ended. */
export const ZSsoLogoutAnswer = z.strictObject({ ok: z.literal(true), ended: z.number().int().min(0) });

/** POST /api/account/sso/test: the provider answered, and its name for itself. */
export const ZSsoTestAnswer = z.strictObject({ ok: z.literal(true), issuer: z.string() });

/** GET /api/auth/oidc/find?q=<e-mail or short name>: the button /login shows. */
export const ZSsoFindQuery = z.strictObject({
  q: singleLine('field.required').trim().min(2, 'field.required').max(SSO_LIMITS.query, 'field.tooLong'),
});
export const ZSsoFound = z.strictObject({
  institution: z.strictObject({ name: z.string(), shortName: z.string() }).nullable(),
});
export type SsoFound = z.infer<typeof ZSsoFound>;

/** GET /api/auth/oidc/start?institution=<short name or e-mail> → 302 to the provider. */
export const ZSsoStartQuery = z.strictObject({
  institution: singleLine('field.required').trim().min(2, 'field.required').max(SSO_LIMITS.query, 'field.tooLong'),
});

/** The cookie that binds a sign-in on its way to the browser that began it (its state). */
export const OIDC_STATE_COOKIE = 'majlis-oidc';

/** Where the callback sends a refused sign-in: /login?sso=<code>, the code one of these. */
export const SSO_REFUSALS = [
  'SSO_SIGN_IN_FAILED',
  'SSO_EMAIL_UNVERIFIED',
  'SSO_OTHER_DOMAIN',
  'ACCOUNT_INACTIVE',
  'MEMBERSHIP_INACTIVE',
  'ACCOUNT_SUSPENDED',
  'ACCOUNT_BANNED',
  'ACCOUNT_CLOSED',
  'DOMAIN_APPROVAL_PENDING',
] as const;

/** Verified domains (issue 30): POST /api/account/domains. */
export const ZDomainBody = z.strictObject({
  domain: singleLine('field.domain')
    .trim()
    .toLowerCase()
    .max(253, 'field.tooLong')
    .regex(/^(?=.{4,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'field.domain'),
  joinMode: z.enum(['auto', 'approval'], 'field.invalid'),
});
export type TDomainBody = z.infer<typeof ZDomainBody>;
export const ZDomainModeBody = ZDomainBody.pick({ joinMode: true });

export const ZDomainView = z.strictObject({
  id: z.string(),
  domain: z.string(),
  joinMode: z.enum(['auto', 'approval']),
  /** The TXT record to add at the domain itself: `majlis-verify=<token>`. */
  txtRecord: z.string(),
  verifiedAt: z.string().nullable(),
});
export const ZDomainList = z.strictObject({ domains: z.array(ZDomainView) });
export const ZDomainAnswer = z.strictObject({ domain: ZDomainView });
export const ZJoinRequests = z.strictObject({
  requests: z.array(z.strictObject({ userId: z.string(), email: z.string(), name: z.string(), createdAt: z.string() })),
});
