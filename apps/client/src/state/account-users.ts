import type { InferResponseType } from 'hono/client';
import { api, body } from '../lib/api.ts';

/** A user of the acting account (GET /api/chat/users): a room's assignee or a meeting's assistant is chosen among them. */
export type AccountUser = InferResponseType<typeof api.chat.users.$get>[number];

/** The other active users of the acting account; empty for an individual account, or when the list fails. */
export function accountUsers(): Promise<AccountUser[]> {
  return body(api.chat.users.$get()).catch((): AccountUser[] => []);
}
