import { randomUUID } from 'node:crypto';
import type { ChatMessage } from '@majlis/contracts/chat';
import {
  type Ack,
  type OnlineUser,
  ZAddUserPayload,
  ZJoinTeamPayload,
  ZReadingMessagesPayload,
  ZSendMessagePayload,
  ZSendTeamMessagePayload,
} from '@majlis/contracts/realtime';
import { memberRoom, teamRoom } from '@majlis/contracts/socket-rooms';
import { type Actor, findActor } from '@majlis/core/auth/actor';
import { knownHere } from '@majlis/core/chat/away';
import { assertSelf, conversationMemberIds, findConversation } from '@majlis/core/chat/chat-access';
import { notifyAwayLater } from '@majlis/core/chat/notify-unread';
import { openTeamConversation } from '@majlis/core/chat/open-conversation';
import { type ChatMessageEvent, type SendMessageInput, sendMessage } from '@majlis/core/chat/send-message';
import { clearUnread } from '@majlis/core/chat/unread';
import { AppError } from '@majlis/core/errors';
import type { Logger } from '@majlis/core/log';
import type { Runtime } from '@majlis/core/runtime';
import type { SocketLimits } from '@majlis/core/socket-limits';
import { findTeams } from '@majlis/core/teams/find-teams';
import type { z } from 'zod';
import { errorBody, fromZodError, toAppError } from '../http/errors.ts';
import { type ChatStates, ZChatStatePayload } from './chat-state.ts';
import type { IoServer, IoSocket } from './io.ts';

/** What the chat handlers use of the realtime layer (server.ts wires it; declared here so nothing imports back). */
export interface ChatContext {
  io: IoServer;
  runtime: Runtime;
  /** Per-socket and per-user event limits (core socketLimitRules). */
  limits: SocketLimits;
  log: Logger;
  /** Throws 401 UNAUTHENTICATED (and cuts the socket) once its session has ended (session-guard.ts). */
  checkSession(socket: IoSocket): Promise<void>;
  /** Recomputes and announces the online users of an account (presence.ts). */
  presence(accountId: string): Promise<OnlineUser[]>;
  /** Gives a stored message to this instance's sockets in its rooms (delivery.ts). */
  deliverMessage(event: Pick<ChatMessageEvent, 'message' | 'rooms' | 'origin'>): void;
  /** Each socket's chat machine, fed by the client's `chat-state` reports (chat-state.ts). */
  chatStates: ChatStates;
  /** Runs a send from a socket so that the socket is not given its own message back (delivery.ts). */
  sendingFrom<T extends { message: ChatMessage }>(
    socket: IoSocket,
    messageId: string,
    send: () => Promise<T>,
  ): Promise<T>;
}

/**
 * The session is checked at every event (rt.checkSession: cut at once by session.ended, read again only when due);
 * the account membership is at most this stale (access.changed refreshes it at once); the team or conversation an
 * event names is checked on every event, with the membership.
 */
const ACTOR_RECHECK_MS = 2_000;

/** Events that store a message: they count against the tighter send limits too. */
const SENDS = new Set(['sendMessage', 'sendTeamMessage']);

/**
 * The spec's client events. Each one that names a user, team or conversation is checked against the memberships of
 * the acting account; a refused one is answered with an error ack, logged, and never broadcast.
 */
export function registerChatHandlers(rt: ChatContext, socket: IoSocket) {
  const { db, bus } = rt.runtime;
  let actorCheckedAt = Date.now();

  /** The actor as of now: a signed-out session or a removed membership ends the socket. */
  async function currentActor(): Promise<Actor> {
    await rt.checkSession(socket);
    const { actor } = socket.data;
    if (Date.now() - actorCheckedAt <= ACTOR_RECHECK_MS) return actor;
    const fresh = await findActor(db, actor.userId, actor.accountId);
    if (!fresh) throw new AppError(401, 'UNAUTHENTICATED');
    actorCheckedAt = Date.now();
    socket.data.actor = fresh;
    return fresh;
  }

  /** Who a log line is about: ids only. */
  const who = () => ({ userId: socket.data.actor.userId, accountId: socket.data.actor.accountId });

  /** Validates, runs, answers the ack; refusals are logged with who asked for what. */
  function on<S extends z.ZodType, R extends object>(
    event: string,
    schema: S,
    run: (payload: z.output<S>, actor: Actor) => Promise<R>,
  ) {
    socket.on(event as 'addUser', async (raw: unknown, ack?: unknown) => {
      const reply = typeof ack === 'function' ? (ack as (r: Ack<R>) => void) : () => {};
      try {
        // Counted first, so a flood costs neither parsing nor a query; refused ones are not stored.
        await rt.limits.consume(socket.id, socket.data.actor.userId, SENDS.has(event) ? 'send' : 'other');
        const parsed = schema.safeParse(raw);
        if (!parsed.success) throw fromZodError(parsed.error);
        const actor = await currentActor();
        reply({ ok: true, ...(await run(parsed.data, actor)) });
      } catch (err) {
        const appErr = toAppError(err);
        if (appErr.status === 429) return refuseFlood(event, appErr, reply);
        if (appErr.status >= 500) rt.log.error({ err, event, ...who() }, 'socket event failed');
        // The fields at fault, never the payload: chat text is the users' own, not ours to keep in logs.
        else {
          const fields = Object.keys(appErr.fields ?? {});
          rt.log.warn({ event, ...who(), code: appErr.code, fields }, 'socket event refused');
        }
        reply({ ok: false, error: errorBody(appErr) });
        if (appErr.status === 401) socket.disconnect(true);
      }
    });
  }

  /** A flood is answered without logging each event; a socket that keeps on after being told is disconnected. */
  async function refuseFlood(event: string, err: AppError, reply: (r: Ack<never>) => void) {
    reply({ ok: false, error: errorBody(err) });
    if (await rt.limits.refused(socket.id)) {
      if (socket.connected) rt.log.warn({ event, ...who() }, 'socket disconnected: kept flooding');
      socket.disconnect(true);
    }
  }

  on('addUser', ZAddUserPayload, async (p, actor) => {
    assertSelf(actor, p);
    socket.data.online = true;
    return { users: await rt.presence(actor.accountId) };
  });

  on('join_team', ZJoinTeamPayload, async (p, actor) => {
    assertSelf(actor, p);
    const visible = await findTeams(db, actor);
    const key = p.teamId ?? p.teamName;
    const team = visible.find((t) => t._id === key) ?? visible.find((t) => t.teamName === key);
    if (!team) throw new AppError(403, 'FORBIDDEN');
    socket.join(teamRoom(team._id));
    if (!socket.data.teamIds.includes(team._id)) socket.data.teamIds.push(team._id);
    const conversation = await openTeamConversation(db, actor, team._id);
    return { teamId: team._id, conversationId: conversation.id };
  });

  /** Persist first, then publish; this instance's sockets get it at once, the bus brings it to the others. */
  async function send(actor: Actor, senderId: string, input: SendMessageInput) {
    assertSelf(actor, { userId: senderId });
    const messageId = input.messageId ?? randomUUID();
    const sent = await rt.sendingFrom(socket, messageId, () =>
      sendMessage({ db, bus }, actor, {
        ...input,
        messageId,
        origin: socket.id,
        here: knownHere(rt.runtime.chatPresence, actor.accountId),
      }),
    );
    // The bus brings it here again too, where each socket that has it already is skipped.
    if (sent.created) {
      rt.deliverMessage({ ...sent, origin: socket.id });
      void notifyAwayLater(rt.runtime, actor, sent.message, sent.away);
    }
    return { message: sent.message };
  }

  on('sendMessage', ZSendMessagePayload, (p, actor) =>
    send(actor, p.senderId, {
      text: p.text,
      messageId: p.messageId,
      conversationId: p.conversationId,
      receiverId: p.receiverId,
    }),
  );

  on('sendTeamMessage', ZSendTeamMessagePayload, (p, actor) =>
    send(actor, p.senderId, {
      text: p.text,
      messageId: p.messageId,
      conversationId: p.conversationId,
      teamId: p.teamId,
    }),
  );

  /** Spec §4: opening a conversation clears its unread records; the sender hears `messages-readed`. */
  on('reading-messages', ZReadingMessagesPayload, async (p, actor) => {
    assertSelf(actor, { ownerId: p.ownerId });
    const conversation = await findConversation(db, actor, p.conversationId);
    const members = await conversationMemberIds(db, conversation);
    if (!members.includes(p.senderId)) throw new AppError(403, 'FORBIDDEN');
    const cleared = await clearUnread(db, actor, conversation.id);
    const targets =
      p.senderId !== actor.userId ? [p.senderId] : conversation.type === 'private' ? members : [actor.userId];
    const signal = { conversationId: conversation.id, readerId: actor.userId, ownerId: actor.accountId };
    rt.io.to(targets.map((id) => memberRoom(actor.accountId, id))).emit('messages-readed', signal);
    return { cleared };
  });

  /** Issue 17: what the chat shows on this socket; the server's chat machine decides read or unread from it. */
  on('chat-state', ZChatStatePayload, async (p, actor) => {
    await rt.chatStates.report(socket, actor, p);
    return {};
  });

  socket.on('ping', async (...args: unknown[]) => {
    const ack = args.at(-1);
    const reply = typeof ack === 'function' ? (ack as (r: Ack<{ t: number }>) => void) : () => {};
    try {
      await rt.limits.consume(socket.id, socket.data.actor.userId, 'other');
    } catch (err) {
      return refuseFlood('ping', toAppError(err), reply);
    }
    const t = Date.now();
    socket.emit('pong', { t });
    reply({ ok: true, t });
  });
}
