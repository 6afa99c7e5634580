import { z } from 'zod';
import { type ChatMessage, type Team, ZClientMessageId, ZMessageText } from './chat.ts';
import type { ErrorBody } from './errors.ts';
import type { NotificationView } from './notifications.ts';
import { singleLine } from './strings.ts';

/**
 * Socket.io wire contract of spec §7 (event names verbatim): the typed event maps, the handshake's `auth`, the acks,
 * the payload schemas the BFF validates every event with, and the client options as a value the client connects with.
 */

export type { ChatMessage, NotificationView, Team };

/** Spec §9 client options: path /event/, reconnect 1 s growing to 5 s, jitter 0.5, unlimited attempts, timeout 20 s. */
export const SOCKET_PATH = '/event/';
export const SOCKET_CLIENT_OPTIONS = {
  path: SOCKET_PATH,
  /** Manual connect, at dashboard start. */
  autoConnect: false,
  /** The session cookie goes with the handshake. */
  withCredentials: true,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
  reconnectionAttempts: Number.POSITIVE_INFINITY,
  timeout: 20_000,
} as const;

/** Ids each side remembers to drop repeats by; the client sends them back on reconnect, the server takes this many. */
export const RECENT_IDS_MAX = 1000;

/**
 * Sent in `auth` at every (re)connect (socket.io-client accepts a function, so the latest values go each time):
 * the server replays the messages and notifications stored after these stream ids (messages also from a minute
 * before lastMessageId, since ids can arrive out of order; the client drops what it has by id). At most 1,000
 * messages are replayed: after a longer absence, read the rest with GET /api/chat/message/{id}?after=.
 * A malformed value counts as absent rather than refusing the connection (`.catch`): an old client still connects.
 */
export const ZHandshakeAuth = z.object({
  lastMessageId: z.coerce.number().int().min(0).optional().catch(undefined),
  lastNotificationId: z.coerce.number().int().min(0).optional().catch(undefined),
  /** Ids the client already has around lastMessageId; the replay skips them. */
  recentMessageIds: z.array(z.number().int().min(0)).max(RECENT_IDS_MAX).optional().catch(undefined),
});
export type HandshakeAuth = z.input<typeof ZHandshakeAuth>;

/** What an event's acknowledgement carries: the answer, or the error body of HTTP errors (DESIGN §5). */
export type Ack<T extends object = object> = ({ ok: true } & T) | { ok: false; error: ErrorBody };
type AckFn<T extends object = object> = (res: Ack<T>) => void;

/** Spec §3 online user (getUsers). */
export interface OnlineUser {
  userId: string;
  ownerId: string;
}

export const ZAddUserPayload = z.object({ ownerId: z.uuid(), userId: z.uuid() });
export type AddUserPayload = z.input<typeof ZAddUserPayload>;

export const ZJoinTeamPayload = z.object({
  ownerId: z.uuid(),
  userId: z.uuid(),
  /** The team's name or id (spec); `teamId` may be sent instead. */
  teamName: singleLine().max(200).optional(),
  teamId: z.uuid().optional(),
  /** Sent by the spec's client; ignored: the server knows the members. */
  members: z.unknown().optional(),
});
export type JoinTeamPayload = z.input<typeof ZJoinTeamPayload>;

export const ZSendMessagePayload = z.object({
  senderId: z.uuid(),
  receiverId: z.uuid(),
  text: ZMessageText,
  messageId: ZClientMessageId.optional(),
  conversationId: z.uuid().optional(),
});
export type SendMessagePayload = z.input<typeof ZSendMessagePayload>;

export const ZSendTeamMessagePayload = z.object({
  senderId: z.uuid(),
  text: ZMessageText,
  messageId: ZClientMessageId.optional(),
  conversationId: z.uuid().optional(),
  teamId: z.uuid(),
});
export type SendTeamMessagePayload = z.input<typeof ZSendTeamMessagePayload>;

/** `senderId`: the user whose messages were read (or the reader itself: then the other side of a private one). */
export const ZReadingMessagesPayload = z.object({ senderId: z.uuid(), ownerId: z.uuid(), conversationId: z.uuid() });
export type ReadingMessagesPayload = z.input<typeof ZReadingMessagesPayload>;

export interface MessagesReaded {
  conversationId: string;
  readerId: string;
  ownerId: string;
}

/**
 * Not in the spec (issue 17): another device of the user dismissed this notification, so this one drops it too
 * without telling the server (the server decided it already: notification life chart).
 */
export const ZNotificationDismissed = z.object({ id: z.number().int().positive() });
export type NotificationDismissed = z.infer<typeof ZNotificationDismissed>;

/** Not in the spec (issue 17): the user read all their notifications on some device; every badge goes to nothing. */
export const ZNotificationsRead = z.object({});
export type NotificationsRead = z.infer<typeof ZNotificationsRead>;

/**
 * Not in the spec (issue 17): why the server ended the session, pushed on the user's sockets just before they are
 * cut, so the page signs out at once and says why. The session machine's reasons (packages/machines session).
 */
export const SESSION_ENDED_REASONS = [
  'logout',
  'passwordChanged',
  'passwordReset',
  'idle',
  'expired',
  'deactivated',
  'suspended',
  'switched',
] as const;
export type SessionEndedReason = (typeof SESSION_ENDED_REASONS)[number];
export interface SessionEnded {
  reason: SessionEndedReason;
}

/**
 * Not in the spec (issue 17): what the chat shows on this socket, reported at every (re)connect and change, so the
 * server's chat machine decides read or unread for this user at delivery: `visible` (the panel on its Chat tab in a
 * visible page) and the conversation open there, if any. The server checks the conversation is the user's own.
 */
export const ZChatStatePayload = z.object({
  visible: z.boolean(),
  conversationId: z.uuid().nullable(),
});
export type ChatStatePayload = z.input<typeof ZChatStatePayload>;

export interface ClientToServerEvents {
  addUser: (p: AddUserPayload, ack?: AckFn<{ users: OnlineUser[] }>) => void;
  join_team: (p: JoinTeamPayload, ack?: AckFn<{ teamId: string; conversationId: string }>) => void;
  sendMessage: (p: SendMessagePayload, ack?: AckFn<{ message: ChatMessage }>) => void;
  sendTeamMessage: (p: SendTeamMessagePayload, ack?: AckFn<{ message: ChatMessage }>) => void;
  'reading-messages': (p: ReadingMessagesPayload, ack?: AckFn<{ cleared: number }>) => void;
  'chat-state': (p: ChatStatePayload, ack?: AckFn) => void;
  /** Application-level ping; answered with `pong` (spec §4: the client records the time of the last pong). */
  ping: (ack?: AckFn<{ t: number }>) => void;
}

export interface ServerToClientEvents {
  getUsers: (users: OnlineUser[]) => void;
  getMessage: (message: ChatMessage) => void;
  'messages-readed': (p: MessagesReaded) => void;
  notification: (n: NotificationView) => void;
  'notification.dismissed': (p: NotificationDismissed) => void;
  'notifications.read': (p: NotificationsRead) => void;
  pong: (p: { t: number }) => void;
  /**
   * Not in the spec: the teams the user sees changed (added to or taken out of one, a team created, renamed or
   * deleted). Carries the new list of GET /api/teams; the socket has already joined or left the rooms.
   */
  'teams-changed': (teams: Team[]) => void;
  'session.ended': (p: SessionEnded) => void;
}

/**
 * The stream ids a side has been given, so live delivery, replay and catch-up never show one twice; bounded, oldest
 * dropped first. The same rule on both ends (the BFF per socket, the client per stream), so written once here.
 */
export class RecentIds {
  private readonly ids = new Set<number>();
  /** The highest id ever added (0 before any): where a reconnecting client resumes from. */
  max = 0;
  constructor(private readonly limit = RECENT_IDS_MAX) {}
  has(id: number): boolean {
    return this.ids.has(id);
  }
  add(id: number): void {
    this.max = Math.max(this.max, id);
    if (this.ids.has(id)) return;
    this.ids.add(id);
    if (this.ids.size > this.limit) {
      const oldest = this.ids.values().next().value;
      if (oldest !== undefined) this.ids.delete(oldest);
    }
  }
  /** Oldest first. */
  list(): number[] {
    return [...this.ids];
  }
}
