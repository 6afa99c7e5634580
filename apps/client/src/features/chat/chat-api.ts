import type { InferResponseType } from 'hono/client';
import { api, body, seg } from '../../lib/api.ts';

/** Spec §3 Team, team user or contact, and Conversation, as the BFF's routes declare them (lib/api.ts). */
export type Team = InferResponseType<typeof api.teams.$get>[number];
export type Contact = InferResponseType<typeof api.chat.users.$get>[number];
export type Conversation = InferResponseType<typeof api.chat.conversation.$post>;
/** Spec §3 unread message record: the message plus the reader. */
export type UnreadRecord = InferResponseType<typeof api.chat.message.status.unread.$get>[number];

/** Spec §7/§8: chat lists fail silently (empty). */
export const chatApi = {
  teams: () => body(api.teams.$get()).catch((): Team[] => []),
  contacts: () => body(api.chat.users.$get()).catch((): Contact[] => []),
  teamUsers: (teamId: string) =>
    body(api.chat.users[':teamId'].$get({ param: { teamId: seg(teamId) } })).catch((): Contact[] => []),
  unread: () => body(api.chat.message.status.unread.$get()).catch((): UnreadRecord[] => []),
  /** History, newest last; `before` pages back. */
  history: (conversationId: string, before?: number) =>
    body(
      api.chat.message[':conversationId'].$get({
        param: { conversationId: seg(conversationId) },
        query: before === undefined ? {} : { before: String(before) },
      }),
    ),
  openTeam: (teamId: string, ownerId: string) =>
    body(api.chat.conversation.$post({ json: { teamId, type: 'team', ownerId } })),
  openPrivate: (senderId: string, recieverId: string, ownerId: string) =>
    body(api.chat.conversation.$post({ json: { senderId, recieverId, type: 'private', ownerId } })),
};

/** Spec §9: badges show at most 9, then 9+. */
export function badgeText(count: number, format: (n: number) => string): string {
  return count > 9 ? `${format(9)}+` : format(count);
}
