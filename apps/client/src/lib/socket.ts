// A deep import, not the package's index: the client bundle takes only the realtime contract.
import {
  type Ack,
  type ChatMessage,
  type ChatStatePayload,
  type ClientToServerEvents,
  type HandshakeAuth,
  type JoinTeamPayload,
  type MessagesReaded,
  type NotificationView,
  type OnlineUser,
  type ReadingMessagesPayload,
  RecentIds,
  type SendMessagePayload,
  type SendTeamMessagePayload,
  type ServerToClientEvents,
  type SessionEndedReason,
  SOCKET_CLIENT_OPTIONS,
  type Team,
} from '@majlis/contracts/realtime';
import { io, type Socket } from 'socket.io-client';
import { http } from './http.ts';

export type { ChatMessage, MessagesReaded, NotificationView, OnlineUser, Team };

/** How often the client asks for a `pong` while connected (the time of the last one is recorded, spec §4). */
const PING_EVERY_MS = 25_000;
const ACK_TIMEOUT_MS = 10_000;

export interface RealtimeStatus {
  connected: boolean;
  /** Date.now() of the last `pong`, null before the first. */
  lastPong: number | null;
}

interface Listeners {
  message: (m: ChatMessage) => void;
  notification: (n: NotificationView) => void;
  /** Another device of the user dismissed this notification (issue 17). */
  notificationDismissed: (id: number) => void;
  /** The user read all their notifications on some device (issue 17). */
  notificationsRead: () => void;
  users: (users: OnlineUser[]) => void;
  readed: (p: MessagesReaded) => void;
  /** The teams the user sees changed (team setup): the new list; the server has joined or left the rooms. */
  teams: (teams: Team[]) => void;
  status: (s: RealtimeStatus) => void;
  /** The server ended the session and said why, just before cutting the socket. */
  ended: (reason: SessionEndedReason) => void;
}

/** What the chat and notifications use of the socket; tests hand the components a fake with the same shape. */
export interface RealtimeClient {
  status(): RealtimeStatus;
  onlineUsers(): OnlineUser[];
  on<K extends keyof Listeners>(event: K, fn: Listeners[K]): () => void;
  /** Starts (at dashboard start) with who the user is: addUser and join_team go out at every (re)connect. */
  connect(me: { userId: string; ownerId: string }): void;
  disconnect(): void;
  /** Ids seen elsewhere (history, unread list): a later replay starts after them and skips them. */
  seen(messages: Array<{ id: number }>): void;
  joinTeam(p: Omit<JoinTeamPayload, 'ownerId' | 'userId'>): void;
  sendMessage(p: SendMessagePayload): Promise<ChatMessage>;
  sendTeamMessage(p: SendTeamMessagePayload): Promise<ChatMessage>;
  readingMessages(p: ReadingMessagesPayload): void;
  /** What the chat shows (issue 17): sent now if it changed, and again at every (re)connect. */
  chatState(p: ChatStatePayload): void;
}

export function createRealtimeClient(url?: string): RealtimeClient {
  const listeners: { [K in keyof Listeners]: Set<Listeners[K]> } = {
    message: new Set(),
    notification: new Set(),
    notificationDismissed: new Set(),
    notificationsRead: new Set(),
    users: new Set(),
    readed: new Set(),
    teams: new Set(),
    status: new Set(),
    ended: new Set(),
  };
  const emit = <K extends keyof Listeners>(event: K, ...args: Parameters<Listeners[K]>) => {
    for (const fn of listeners[event]) (fn as (...a: Parameters<Listeners[K]>) => void)(...args);
  };
  // Ids remembered for dropping repeats (replay and live delivery may overlap), sent back on reconnect.
  const messages = new RecentIds();
  const notifications = new RecentIds();
  const teams = new Map<string, Omit<JoinTeamPayload, 'ownerId' | 'userId'>>();
  let status: RealtimeStatus = { connected: false, lastPong: null };
  let users: OnlineUser[] = [];
  /** The chat's last reported state (hidden, nothing open until the chat machine says otherwise). */
  let chatState: ChatStatePayload = { visible: false, conversationId: null };
  let me: { userId: string; ownerId: string } | null = null;
  let socket: Socket<ServerToClientEvents, ClientToServerEvents> | null = null;
  let ping: ReturnType<typeof setInterval> | undefined;
  let connectedOnce = false;

  const setStatus = (next: Partial<RealtimeStatus>) => {
    status = { ...status, ...next };
    emit('status', status);
  };

  /** At every (re)connect: what was last seen per stream, so the server replays only what was missed. */
  const auth = (cb: (data: object) => void) => {
    const data: HandshakeAuth = {};
    if (connectedOnce) {
      // Without any id seen, a replay from 0 would be the whole account's history: ask for none.
      if (messages.max > 0) {
        data.lastMessageId = messages.max;
        data.recentMessageIds = messages.list();
      }
      data.lastNotificationId = notifications.max;
    }
    cb(data);
  };

  function announce(s: NonNullable<typeof socket>) {
    if (!me) return;
    s.emit('addUser', { ownerId: me.ownerId, userId: me.userId });
    for (const team of teams.values()) s.emit('join_team', { ...team, ownerId: me.ownerId, userId: me.userId });
    // After the teams: the server's chat machine reads an open team conversation only once its room is joined.
    s.emit('chat-state', chatState);
    s.emit('ping');
  }

  function open() {
    // Spec §9: path /event/, manual connect, reconnect 1 s growing to 5 s, jitter 0.5, unlimited attempts, 20 s timeout.
    const s: Socket<ServerToClientEvents, ClientToServerEvents> = url
      ? io(url, { ...SOCKET_CLIENT_OPTIONS, auth })
      : io({ ...SOCKET_CLIENT_OPTIONS, auth });
    s.on('connect', () => {
      connectedOnce = true;
      setStatus({ connected: true });
      announce(s);
    });
    s.on('disconnect', (reason) => {
      setStatus({ connected: false });
      // The server ended the socket on purpose: the session ended elsewhere (deactivated, removed, signed out, password
      // changed) or the server is going down. Ask once: a 401 signs this page out through http.ts at once (instead of
      // at the next click); a live session means a restart, so connect again (socket.io leaves this case to us).
      if (reason === 'io server disconnect') {
        http.get('/api/account/type').then(
          () => s.connect(),
          () => {},
        );
      }
    });
    // A refused handshake (signed out elsewhere) is retried by the manager; the HTTP side handles the 401.
    s.on('connect_error', () => setStatus({ connected: false }));
    s.on('pong', () => setStatus({ lastPong: Date.now() }));
    s.on('getUsers', (list) => {
      users = list;
      emit('users', list);
    });
    s.on('getMessage', (m) => {
      if (messages.has(m.id)) return; // replay and live delivery may overlap: shown once
      messages.add(m.id);
      emit('message', m);
    });
    s.on('notification', (n) => {
      if (notifications.has(n.id)) return;
      notifications.add(n.id);
      emit('notification', n);
    });
    s.on('notification.dismissed', (p) => emit('notificationDismissed', p.id));
    s.on('notifications.read', () => emit('notificationsRead'));
    s.on('messages-readed', (p) => emit('readed', p));
    s.on('session.ended', (p) => emit('ended', p.reason));
    s.on('teams-changed', (list) => {
      // A team left or deleted is not asked for again at the next reconnect.
      const kept = new Set(list.flatMap((t) => [t._id, t.teamName]));
      for (const key of [...teams.keys()]) if (!kept.has(key)) teams.delete(key);
      emit('teams', list);
    });
    ping = setInterval(() => {
      if (s.connected) s.emit('ping');
    }, PING_EVERY_MS);
    s.connect();
    return s;
  }

  /** Over the socket with an ack; if it is away or slow, the same message (same messageId) over HTTP. */
  async function send(
    event: 'sendMessage' | 'sendTeamMessage',
    payload: SendMessagePayload | SendTeamMessagePayload,
  ): Promise<ChatMessage> {
    let message: ChatMessage | null = null;
    if (socket?.connected) {
      try {
        const ack = (await (socket.timeout(ACK_TIMEOUT_MS).emitWithAck as (e: string, p: unknown) => Promise<unknown>)(
          event,
          payload,
        )) as Ack<{ message: ChatMessage }>;
        if (!ack.ok) throw Object.assign(new Error(ack.error.code), ack.error);
        message = ack.message;
      } catch (error) {
        if ((error as { code?: string }).code) throw error; // refused by the server: not worth a retry
      }
    }
    message ??= await http.post<ChatMessage>('/api/chat/message', {
      sender: payload.senderId,
      text: payload.text,
      conversationId: payload.conversationId,
      messageId: payload.messageId,
    });
    messages.add(message.id);
    return message;
  }

  return {
    status: () => status,
    onlineUsers: () => users,
    on(event, fn) {
      listeners[event].add(fn);
      return () => listeners[event].delete(fn);
    },
    connect(who) {
      me = who;
      socket ??= open();
    },
    disconnect() {
      clearInterval(ping);
      socket?.disconnect();
      socket?.removeAllListeners();
      socket = null;
      me = null;
      connectedOnce = false;
      teams.clear();
      users = [];
      setStatus({ connected: false });
    },
    seen(list) {
      for (const m of list) messages.add(m.id);
    },
    joinTeam(p) {
      const key = p.teamId ?? p.teamName ?? '';
      if (teams.has(key)) return;
      teams.set(key, p);
      if (socket?.connected && me) socket.emit('join_team', { ...p, ownerId: me.ownerId, userId: me.userId });
    },
    sendMessage: (p) => send('sendMessage', p),
    sendTeamMessage: (p) => send('sendTeamMessage', p),
    readingMessages(p) {
      socket?.emit('reading-messages', p);
    },
    chatState(p) {
      if (p.visible === chatState.visible && p.conversationId === chatState.conversationId) return;
      chatState = p;
      if (socket?.connected) socket.emit('chat-state', p);
    },
  };
}

/** A client that never connects: unit tests of screens that do not exercise the socket get this one. */
export function createOfflineClient(): RealtimeClient {
  const status: RealtimeStatus = { connected: false, lastPong: null };
  const offline = () => Promise.reject(new Error('offline'));
  return {
    status: () => status,
    onlineUsers: () => [],
    on: () => () => {},
    connect: () => {},
    disconnect: () => {},
    seen: () => {},
    joinTeam: () => {},
    sendMessage: offline,
    sendTeamMessage: offline,
    readingMessages: () => {},
    chatState: () => {},
  };
}
