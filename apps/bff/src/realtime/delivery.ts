import type { ChatMessage } from '@majlis/contracts/chat';
import type { NotificationView } from '@majlis/contracts/notifications';
import { RecentIds, type ZHandshakeAuth } from '@majlis/contracts/realtime';
import { memberRoom } from '@majlis/contracts/socket-rooms';
import { missedMessages } from '@majlis/core/chat/find-messages';
import { CHAT_MESSAGE_TOPIC, type ChatMessageEvent } from '@majlis/core/chat/send-message';
import { type Db, queryRows } from '@majlis/core/db/connect';
import type { EventBus } from '@majlis/core/events/bus';
import type { Logger } from '@majlis/core/log';
import {
  listNotifications,
  NOTIFICATION_TOPIC,
  type NotificationEvent,
  renderNotification,
} from '@majlis/core/notifications/notifications';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ChatStates } from './chat-state.ts';
import { type IoServer, type IoSocket, localSockets } from './io.ts';
import type { SessionGuards } from './session-guard.ts';

/** What one socket has been given, so live delivery, replay and catch-up never show it a message twice. */
interface Given {
  messages: RecentIds;
  /** messageIds this socket is sending right now: their stored copy is its own, not to be given back to it. */
  sending: Set<string>;
  notifications: RecentIds;
  lastNotificationId: number;
}

export type Delivery = ReturnType<typeof createDelivery>;

/**
 * Stored messages and notifications to this instance's sockets (DESIGN §6): persist, then publish on the bus; each
 * instance gives what the bus brings to its own sockets in the event's rooms, each socket at most once and only while
 * its session lives. A reconnecting socket gets what it missed by replay; after Redis was away, every socket does.
 */
export function createDelivery({
  io,
  db,
  log,
  guards,
  chatStates,
}: {
  io: IoServer;
  db: Db;
  log: Logger;
  guards: SessionGuards;
  chatStates: ChatStates;
}) {
  const given = new WeakMap<IoSocket, Given>();

  /** Whether a socket may have a message and does not have it yet; if so, it is counted as given. */
  function claim(socket: IoSocket, message: ChatMessage): boolean {
    const g = given.get(socket);
    if (!g || !guards.alive(socket)) return false;
    if (socket.data.actor.accountId !== message.ownerId || g.messages.has(message.id)) return false;
    if (message.sender === socket.data.actor.userId && g.sending.has(message.messageId)) return false;
    g.messages.add(message.id);
    return true;
  }

  function give(socket: IoSocket, message: ChatMessage) {
    if (claim(socket, message)) socket.emit('getMessage', message);
  }

  function giveNotification(socket: IoSocket, view: NotificationView) {
    const g = given.get(socket);
    if (!g || !guards.alive(socket) || g.notifications.has(view.id)) return;
    g.notifications.add(view.id);
    g.lastNotificationId = Math.max(g.lastNotificationId, view.id);
    socket.emit('notification', view);
  }

  /** Gives a stored message to this instance's sockets in its rooms (each socket at most once). */
  function deliverMessage(event: Pick<ChatMessageEvent, 'message' | 'rooms' | 'origin'>) {
    const sockets = localSockets(io, event.rooms).filter(
      (socket) => socket.id !== event.origin && claim(socket, event.message),
    );
    // One local broadcast to the sockets' own rooms: the packet is encoded once, not once per socket.
    if (sockets.length) io.local.to(sockets.map((socket) => socket.id)).emit('getMessage', event.message);
    // Each reader's chat machine decides read (open and in view) or leaves it unread, as stored at send.
    for (const socket of sockets) chatStates.delivered(socket, event.message);
  }

  /** Replays to one socket what it has not been given: messages since a stream id or a time, notifications after an id. */
  async function replay(socket: IoSocket, from: { id: number } | { at: Date } | null, exclude?: number[]) {
    const g = given.get(socket);
    if (!g) return;
    const { actor, locale } = socket.data;
    const missed = from ? await missedMessages(db, actor, from, new Set(exclude)) : [];
    for (const m of missed) give(socket, m);
    const notes = await listNotifications(db, actor, locale, { after: g.lastNotificationId, limit: 500 });
    for (const n of notes) giveNotification(socket, n);
    if (missed.length || notes.length) log.debug({ messages: missed.length, notifications: notes.length }, 'replayed');
  }

  return {
    deliverMessage,

    /**
     * Bus subscriptions of stored messages and notifications; answers their unsubscribers. Every notification comes
     * this way, the BFF's and the worker's jobs' alike (issue 27), and is rendered here for each socket's reader.
     */
    subscribe(bus: EventBus): Array<() => void> {
      return [
        bus.subscribe(CHAT_MESSAGE_TOPIC, (event) => deliverMessage(event as ChatMessageEvent)),
        bus.subscribe(NOTIFICATION_TOPIC, (event) => {
          const { notification, accountId, userId } = event as NotificationEvent;
          for (const socket of localSockets(io, [memberRoom(accountId, userId)])) {
            giveNotification(socket, renderNotification(notification, socket.data.locale, socket.data.actor.digits));
          }
        }),
      ];
    },

    /**
     * On connection: what the socket says it has (the handshake's `auth`) counts as given, and what it missed since
     * is replayed. A client that says nothing about notifications gets those created from now on.
     */
    start(socket: IoSocket, auth: z.output<typeof ZHandshakeAuth>) {
      const g: Given = {
        messages: new RecentIds(),
        sending: new Set(),
        notifications: new RecentIds(),
        lastNotificationId: auth.lastNotificationId ?? Number.MAX_SAFE_INTEGER,
      };
      for (const id of auth.recentMessageIds ?? []) g.messages.add(id);
      given.set(socket, g);
      void (async () => {
        if (auth.lastNotificationId === undefined) {
          const [row] = await queryRows<{ max: string | null }>(
            db,
            sql`select max(id)::text as max from notifications where user_id = ${socket.data.actor.userId}`,
          );
          g.lastNotificationId = Math.min(g.lastNotificationId, Number(row?.max ?? 0));
        }
        if (auth.lastMessageId !== undefined || auth.lastNotificationId !== undefined) {
          const from = auth.lastMessageId === undefined ? null : { id: auth.lastMessageId };
          await replay(socket, from, auth.recentMessageIds);
        }
      })().catch((err: Error) => log.error({ err }, 'replay failed'));
    },

    /**
     * Wraps a send from a socket: while it runs, a copy of the message reaching the socket by any path (bus, replay,
     * catch-up) is skipped, and afterwards its stream id counts as given (the sender has it in its ack).
     */
    async sendingFrom<T extends { message: ChatMessage }>(
      socket: IoSocket,
      messageId: string,
      send: () => Promise<T>,
    ): Promise<T> {
      const g = given.get(socket);
      g?.sending.add(messageId);
      try {
        const result = await send();
        g?.messages.add(result.message.id);
        return result;
      } finally {
        g?.sending.delete(messageId);
      }
    },

    /** After Redis was away since `since`: every socket of this instance gets what was stored meanwhile. */
    async catchUp(since: number) {
      const at = new Date(since - 5000);
      for (const socket of io.of('/').sockets.values()) {
        await replay(socket, { at }).catch((err: Error) => log.error({ err }, 'catch-up failed'));
      }
    },
  };
}
