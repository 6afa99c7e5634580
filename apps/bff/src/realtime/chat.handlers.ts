import { randomUUID } from 'node:crypto';
import { singleLine } from '@majlis/contracts';
import {
  type Actor,
  AppError,
  clearUnread,
  conversationMemberIds,
  describeError,
  findActor,
  findConversation,
  findTeams,
  openTeamConversation,
  type SendMessageInput,
  sendMessage,
} from '@majlis/core';
import { z } from 'zod';
import { errorBody, fromZodError, toAppError } from '../http/errors.ts';
import { assertSelf, ZClientMessageId, ZMessageText } from '../routes/chat.ts';
import type { Ack } from './events.ts';
import { type IoSocket, type Realtime, rooms } from './server.ts';

const ZAddUser = z.object({ ownerId: z.uuid(), userId: z.uuid() });
const ZJoinTeam = z.object({
  ownerId: z.uuid(),
  userId: z.uuid(),
  teamName: singleLine().max(200).optional(),
  teamId: z.uuid().optional(),
  members: z.unknown().optional(),
});
const ZSendMessage = z.object({
  senderId: z.uuid(),
  receiverId: z.uuid(),
  text: ZMessageText,
  messageId: ZClientMessageId.optional(),
  conversationId: z.uuid().optional(),
});
const ZSendTeamMessage = z.object({
  senderId: z.uuid(),
  text: ZMessageText,
  messageId: ZClientMessageId.optional(),
  conversationId: z.uuid().optional(),
  teamId: z.uuid(),
});
const ZReading = z.object({ senderId: z.uuid(), ownerId: z.uuid(), conversationId: z.uuid() });

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
export function registerChatHandlers(rt: Realtime, socket: IoSocket) {
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
        const who = `user ${socket.data.actor.userId} account ${socket.data.actor.accountId}`;
        if (appErr.status === 429) return refuseFlood(event, who, appErr, reply);
        if (appErr.status >= 500) rt.log('error', `${event} from ${who} failed: ${describeError(err)}`);
        // The fields at fault, never the payload: chat text is the users' own, not ours to keep in logs.
        else
          rt.log('warn', `${event} from ${who} refused: ${appErr.code} ${Object.keys(appErr.fields ?? {}).join(',')}`);
        reply({ ok: false, error: errorBody(appErr) });
        if (appErr.status === 401) socket.disconnect(true);
      }
    });
  }

  /** A flood is answered without logging each event; a socket that keeps on after being told is disconnected. */
  async function refuseFlood(event: string, who: string, err: AppError, reply: (r: Ack<never>) => void) {
    reply({ ok: false, error: errorBody(err) });
    if (await rt.limits.refused(socket.id)) {
      if (socket.connected) rt.log('warn', `socket of ${who} disconnected: kept flooding (${event})`);
      socket.disconnect(true);
    }
  }

  on('addUser', ZAddUser, async (p, actor) => {
    assertSelf(actor, p);
    socket.data.online = true;
    return { users: await rt.presence(actor.accountId) };
  });

  on('join_team', ZJoinTeam, async (p, actor) => {
    assertSelf(actor, p);
    const visible = await findTeams(db, actor);
    const key = p.teamId ?? p.teamName;
    const team = visible.find((t) => t._id === key) ?? visible.find((t) => t.teamName === key);
    if (!team) throw new AppError(403, 'FORBIDDEN');
    socket.join(rooms.team(team._id));
    if (!socket.data.teamIds.includes(team._id)) socket.data.teamIds.push(team._id);
    const conversation = await openTeamConversation(db, actor, team._id);
    return { teamId: team._id, conversationId: conversation.id };
  });

  /** Persist first, then publish; this instance's sockets get it at once, the bus brings it to the others. */
  async function send(actor: Actor, senderId: string, input: SendMessageInput) {
    assertSelf(actor, { userId: senderId });
    const messageId = input.messageId ?? randomUUID();
    const sent = await rt.sendingFrom(socket, messageId, () =>
      sendMessage({ db, bus }, actor, { ...input, messageId, origin: socket.id }),
    );
    // The bus brings it here again too, where each socket that has it already is skipped.
    if (sent.created) rt.deliverMessage({ ...sent, origin: socket.id });
    return { message: sent.message };
  }

  on('sendMessage', ZSendMessage, (p, actor) =>
    send(actor, p.senderId, {
      text: p.text,
      messageId: p.messageId,
      conversationId: p.conversationId,
      receiverId: p.receiverId,
    }),
  );

  on('sendTeamMessage', ZSendTeamMessage, (p, actor) =>
    send(actor, p.senderId, {
      text: p.text,
      messageId: p.messageId,
      conversationId: p.conversationId,
      teamId: p.teamId,
    }),
  );

  /** Spec §4: opening a conversation clears its unread records; the sender hears `messages-readed`. */
  on('reading-messages', ZReading, async (p, actor) => {
    assertSelf(actor, { ownerId: p.ownerId });
    const conversation = await findConversation(db, actor, p.conversationId);
    const members = await conversationMemberIds(db, conversation);
    if (!members.includes(p.senderId)) throw new AppError(403, 'FORBIDDEN');
    const cleared = await clearUnread(db, actor, conversation.id);
    const targets =
      p.senderId !== actor.userId ? [p.senderId] : conversation.type === 'private' ? members : [actor.userId];
    const signal = { conversationId: conversation.id, readerId: actor.userId, ownerId: actor.accountId };
    rt.io.to(targets.map((id) => rooms.member(actor.accountId, id))).emit('messages-readed', signal);
    return { cleared };
  });

  socket.on('ping', async (...args: unknown[]) => {
    const ack = args.at(-1);
    const reply = typeof ack === 'function' ? (ack as (r: Ack<{ t: number }>) => void) : () => {};
    try {
      await rt.limits.consume(socket.id, socket.data.actor.userId, 'other');
    } catch (err) {
      const who = `user ${socket.data.actor.userId} account ${socket.data.actor.accountId}`;
      return refuseFlood('ping', who, toAppError(err), reply);
    }
    const t = Date.now();
    socket.emit('pong', { t });
    reply({ ok: true, t });
  });
}
