/**
 * Typed socket.io event maps of spec §7 (wire names verbatim). The client imports these type-only:
 * `import type { ClientToServerEvents, ServerToClientEvents } from '@majlis/bff/realtime/events'`.
 * Self-contained (no imports), so the browser build needs nothing of the server to use them; the server's typed
 * `emit` calls check that what core produces still fits these shapes.
 */

/** Spec §3 Message. `id` is the stream id: resume from it, drop a repeat by it. */
export interface ChatMessage {
  id: number;
  _id: string;
  sender: string;
  text: string;
  type: 'team' | 'private';
  /** The sender's own id for the message (a retried send with the same one is stored once). */
  messageId: string;
  conversationId: string;
  teamId: string | null;
  ownerId: string;
  createdAt: string;
}

/** Spec §3 Notification, rendered in the reader's language; `message` is allow-listed HTML. */
export interface NotificationView {
  _id: string;
  id: number;
  type: 'notif' | 'danger' | 'success' | 'warning';
  title: string;
  message: string;
  source_type: string | null;
  event_meta: Record<string, unknown>;
  createdAt: string;
  read: boolean;
}

/** DESIGN §5 error shape, as in HTTP error bodies. */
export interface ErrorBody {
  code: string;
  errorMessage: { ar: string; en: string };
  fields?: Record<string, { ar: string; en: string }>;
}

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
 * the server replays the messages and notifications stored after these stream ids (messages also from a minute
 * before lastMessageId, since ids can arrive out of order; the client drops what it has by id). At most 1,000
 * messages are replayed: after a longer absence, read the rest with GET /api/chat/message/{id}?after=.
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
