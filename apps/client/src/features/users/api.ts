import type { InferRequestType, InferResponseType } from 'hono/client';
import { api, body, seg } from '../../lib/api.ts';

/** Wire shapes as the BFF's routes declare them (lib/api.ts), so client and server cannot drift apart. */
export type UserPage = InferResponseType<typeof api.users.$get>;
export type ManagedUser = UserPage['users'][number];
export type AddUserBody = InferRequestType<typeof api.users.$post>['json'];
export type UpdateUserBody = InferRequestType<(typeof api.users)[':id']['$put']>['json'];
export type AuditPage = InferResponseType<typeof api.users.audit.$get>;
export type AuditRow = AuditPage['rows'][number];
export type InvitationPage = InferResponseType<typeof api.users.invitations.$get>;
export type Invitation = InvitationPage['invitations'][number];

const user = (id: string) => ({ param: { id: seg(id) } });

export const usersApi = {
  list: (q: { page: number; pageSize: number; q?: string }) =>
    body(
      api.users.$get({ query: { page: String(q.page), pageSize: String(q.pageSize), q: q.q?.trim() || undefined } }),
    ),
  add: (json: AddUserBody) => body(api.users.$post({ json })),
  update: (id: string, json: UpdateUserBody) => body(api.users[':id'].$put({ ...user(id), json })),
  setActive: (id: string, active: boolean) => body(api.users[':id'].status.$put({ ...user(id), json: { active } })),
  remove: (id: string) => body(api.users[':id'].$delete(user(id))),
  invitations: () => body(api.users.invitations.$get()),
  resendInvitation: (id: string) => body(api.users.invitations[':id'].resend.$post(user(id))),
  revokeInvitation: (id: string) => body(api.users.invitations[':id'].$delete(user(id))),
  /** A page of 20: the activity sits under the table, and older rows come on request. */
  audit: (before?: number) =>
    body(api.users.audit.$get({ query: { before: before === undefined ? undefined : String(before), limit: '20' } })),
};
