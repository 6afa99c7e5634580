import type { InferRequestType, InferResponseType } from 'hono/client';
import { api, body } from '../../lib/api.ts';

/** Wire shapes as the BFF's SSO routes declare them (issue 30). */
export type SsoSettings = InferResponseType<typeof api.account.sso.$get>;
export type SsoBody = InferRequestType<typeof api.account.sso.$put>['json'];
export type SsoFound = InferResponseType<typeof api.auth.oidc.find.$get>;

export type DomainList = InferResponseType<typeof api.account.domains.$get>;
export type DomainView = DomainList['domains'][number];
export type DomainBody = InferRequestType<typeof api.account.domains.$post>['json'];
export type JoinRequests = InferResponseType<(typeof api.account)['join-requests']['$get']>;

/** Verified domains and the people waiting to join by one (issue 30). */
export const domainsApi = {
  list: () => body(api.account.domains.$get()),
  add: (json: DomainBody) => body(api.account.domains.$post({ json })),
  verify: (id: string) => body(api.account.domains[':id'].verify.$post({ param: { id } })),
  setMode: (id: string, joinMode: DomainBody['joinMode']) =>
    body(api.account.domains[':id'].$put({ param: { id }, json: { joinMode } })),
  remove: (id: string) => body(api.account.domains[':id'].$delete({ param: { id } })),
  requests: () => body(api.account['join-requests'].$get()),
  decide: (id: string, approve: boolean) =>
    body(
      approve
        ? api.account['join-requests'][':id'].approve.$post({ param: { id } })
        : api.account['join-requests'][':id'].reject.$post({ param: { id } }),
    ),
};

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
