/**
 * Typed socket.io event maps of spec §7 (wire names verbatim). The client imports these type-only:
 * `import type { ClientToServerEvents, ServerToClientEvents } from '@majlis/bff/realtime/events'`.
 * This file has no runtime imports, so it is safe to import from the browser build.
 */
import type { ChatMessage, NotificationView } from '@majlis/core';
import type { ErrorBody } from '../http/errors.ts';

export type { ChatMessage, NotificationView };

/** Spec §9 client options: path /event/, reconnect 1 s growing to 5 s, jitter 0.5, unlimited attempts, timeout 20 s. */
export const SOCKET_PATH = '/event/';
export const SOCKET_CLIENT_OPTIONS = {
  path: SOCKET_PATH,
  autoConnect: false,
  withCredentials: true,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
  reconnectionAttempts: Number.POSITIVE_INFINITY,
  timeout: 20_000,
} as const;

/**
 * Sent in `auth` at every (re)connect (socket.io-client accepts a function, so the latest values go each time):
 * the server replays the messages and notifications stored after these stream ids.
 */
export interface HandshakeAuth {
  lastMessageId?: number;
  lastNotificationId?: number;
  /** Ids the client already has around lastMessageId; the replay skips them. At most 1,000. */
  recentMessageIds?: number[];
}

export type Ack<T extends object = object> = ({ ok: true } & T) | { ok: false; error: ErrorBody };
type AckFn<T extends object = object> = (res: Ack<T>) => void;

/** Spec §3 online user (getUsers). */
export interface OnlineUser {
  userId: string;
  ownerId: string;
}

export interface AddUserPayload {
  ownerId: string;
  userId: string;
}
export interface JoinTeamPayload {
  ownerId: string;
  userId: string;
  /** The team's name or id (spec); `teamId` may be sent instead. */
  teamName?: string;
  teamId?: string;
  /** Sent by the spec's client; ignored: the server knows the members. */
  members?: unknown;
}
export interface SendMessagePayload {
  senderId: string;
  receiverId: string;
  text: string;
  messageId?: string;
  conversationId?: string;
}
export interface SendTeamMessagePayload {
  senderId: string;
  text: string;
  messageId?: string;
  conversationId?: string;
  teamId: string;
}
export interface ReadingMessagesPayload {
  /** The user whose messages were read (or the reader itself: then the other side of a private conversation). */
  senderId: string;
  ownerId: string;
  conversationId: string;
}
export interface MessagesReaded {
  conversationId: string;
  readerId: string;
  ownerId: string;
}

export interface ClientToServerEvents {
  addUser: (p: AddUserPayload, ack?: AckFn<{ users: OnlineUser[] }>) => void;
  join_team: (p: JoinTeamPayload, ack?: AckFn<{ teamId: string; conversationId: string }>) => void;
  sendMessage: (p: SendMessagePayload, ack?: AckFn<{ message: ChatMessage }>) => void;
  sendTeamMessage: (p: SendTeamMessagePayload, ack?: AckFn<{ message: ChatMessage }>) => void;
  'reading-messages': (p: ReadingMessagesPayload, ack?: AckFn<{ cleared: number }>) => void;
  /** Application-level ping; answered with `pong` (spec §4: the client records the time of the last pong). */
  ping: (ack?: AckFn<{ t: number }>) => void;
}

export interface ServerToClientEvents {
  getUsers: (users: OnlineUser[]) => void;
  getMessage: (message: ChatMessage) => void;
  'messages-readed': (p: MessagesReaded) => void;
  notification: (n: NotificationView) => void;
  pong: (p: { t: number }) => void;
}
