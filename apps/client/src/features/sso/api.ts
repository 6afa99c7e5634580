import type { InferRequestType, InferResponseType } from 'hono/client';
import { api, body } from '../../lib/api.ts';

/** Wire shapes as the BFF's SSO routes declare them (issue 30). */
export type SsoSettings = InferResponseType<typeof api.account.sso.$get>;
export type SsoBody = InferRequestType<typeof api.account.sso.$put>['json'];
export type SsoFound = InferResponseType<typeof api.auth.oidc.find.$get>;

export const ssoApi = {
  settings: () => body(api.account.sso.$get()),
  save: (json: SsoBody) => body(api.account.sso.$put({ json })),
  test: (json: SsoBody) => body(api.account.sso.test.$post({ json })),
  remove: () => body(api.account.sso.$delete()),
  find: (q: string) => body(api.auth.oidc.find.$get({ query: { q } })),
};

/** Where the browser goes to sign in through the institution's provider (a full page load, not a fetch). */
export const ssoStartUrl = (institution: string) =>
  `/api/auth/oidc/start?institution=${encodeURIComponent(institution)}`;
