import type { ChatMessageRef } from '@majlis/machines';
import { http } from '../../lib/http.ts';
import type { ChatMessage } from '../../lib/socket.ts';

/** Spec §3 Team. */
export interface Team {
  _id: string;
  teamName: string;
}

/** Spec §3 team user or contact. */
export interface Contact {
  userId: string;
  name: string;
  picture: string | null;
  role: string;
}

/** Spec §3 Conversation (as POST /api/chat/conversation answers it). */
export interface Conversation {
  _id: string;
  type: 'team' | 'private';
  teamId: string | null;
  ownerId: string;
  members: string[];
}

/** Spec §3 unread message record: the message plus the reader. */
export type UnreadRecord = ChatMessage & { userId: string };

/** Spec §7/§8: chat lists fail silently (empty). */
export const chatApi = {
  teams: () => http.get<Team[]>('/api/teams').catch((): Team[] => []),
  contacts: () => http.get<Contact[]>('/api/chat/users').catch((): Contact[] => []),
  teamUsers: (teamId: string) => http.get<Contact[]>(`/api/chat/users/${teamId}`).catch((): Contact[] => []),
  unread: () => http.get<UnreadRecord[]>('/api/chat/message/status/unread').catch((): UnreadRecord[] => []),
  /** History, newest last; `before` pages back. */
  history: (conversationId: string, before?: number) =>
    http.get<ChatMessage[]>(`/api/chat/message/${conversationId}${before === undefined ? '' : `?before=${before}`}`),
  openTeam: (teamId: string, ownerId: string) =>
    http.post<Conversation>('/api/chat/conversation', { teamId, type: 'team', ownerId }),
  openPrivate: (senderId: string, recieverId: string, ownerId: string) =>
    http.post<Conversation>('/api/chat/conversation', { senderId, recieverId, type: 'private', ownerId }),
  clearUnread: (conversationId: string) =>
    http.delete(`/api/chat/message/status/all/${conversationId}`).catch(() => null),
  markRead: (message: ChatMessageRef, userId: string, ownerId: string) =>
    http.post('/api/chat/message/status/read', statusBody(message, userId, ownerId)).catch(() => null),
  markUnread: (message: ChatMessageRef, userId: string, ownerId: string) =>
    http.post('/api/chat/message/status/unread', statusBody(message, userId, ownerId)).catch(() => null),
};

/** Spec §7 body of the unread-status calls: the message fields plus userId and ownerId. */
function statusBody(message: ChatMessageRef, userId: string, ownerId: string) {
  return {
    id: message.id,
    sender: message.sender,
    type: message.type,
    messageId: message.messageId,
    conversationId: message.conversationId,
    teamId: message.teamId,
    userId,
    ownerId,
  };
}

/** Spec §9: badges show at most 9, then 9+. */
export function badgeText(count: number, format: (n: number) => string): string {
  return count > 9 ? `${format(9)}+` : format(count);
}
