import type { Server as HttpServer } from 'node:http';
import { ZHandshakeAuth } from '@majlis/contracts/realtime';
import { accountRoom, memberRoom, sessionRoom, teamRoom, userRoom } from '@majlis/contracts/socket-rooms';
import { findActor } from '@majlis/core/auth/actor';
import { startAwayNotifications } from '@majlis/core/chat/notify-unread';
import {
  ACCESS_CHANGED_TOPIC,
  type AccessChangedEvent,
  SESSION_ENDED_TOPIC,
  type SessionEndedEvent,
  TOLD_AS,
} from '@majlis/core/events/access';
import { logger } from '@majlis/core/log';
import type { Runtime } from '@majlis/core/runtime';
import { createSocketLimits } from '@majlis/core/socket-limits';
import { findTeams } from '@majlis/core/teams/find-teams';
import { type ChatContext, registerChatHandlers } from './chat.handlers.ts';
import { createChatStates } from './chat-state.ts';
import { createDelivery } from './delivery.ts';
import { authenticateHandshakes } from './handshake.ts';
import { createIo, type IoSocket, localSockets } from './io.ts';
import { subscribeNotificationChanges } from './notification-changes.ts';
import { createPresence } from './presence.ts';
import { createSessionGuards } from './session-guard.ts';

/** The realtime layer of one BFF process: what the chat handlers use, and closing it at shutdown. */
export interface Realtime extends ChatContext {
  close(): Promise<void>;
}

/** The room whose sockets a session.ended event ends: one session, a user in one account, or a user everywhere. */
function endedRoom(e: SessionEndedEvent): string | null {
  if (e.sessionHash) return sessionRoom(e.sessionHash);
  if (e.userId && e.accountId) return memberRoom(e.accountId, e.userId);
  return e.userId ? userRoom(e.userId) : null;
}

/** The session guards' key for "this member's powers changed" (not a socket room: nothing joins it). */
const accessKey = (accountId: string, userId: string) => `access:${memberRoom(accountId, userId)}`;

/**
 * socket.io at /event/ on the BFF's HTTP server (DESIGN §6), put together from its parts: io.ts (server and Redis
 * adapter), handshake.ts (who connects), session-guard.ts (until when), delivery.ts (messages and notifications, once
 * each), presence.ts (getUsers) and chat.handlers.ts (the spec's client events). Rooms only for what the user may see.
 */
export function attachRealtime(runtime: Runtime, server: HttpServer): Realtime {
  const { config, db, bus } = runtime;
  // The runtime's own level (tests run quieter than the process), else the same logger as the rest of the BFF.
  const log = logger.child({ module: 'realtime' }, { level: config.LOG_LEVEL });
  const { io, close } = createIo(server, config, log, (since) => {
    // Give the bus's own subscriber a moment to resubscribe, then fill the gap from the database; session.ended
    // events published meanwhile were lost too, so every socket reads its session again.
    setTimeout(() => void delivery.catchUp(since), 1000).unref();
    setTimeout(() => void guards.recheckAll(io.of('/').sockets.values()), 1000).unref();
  });
  const guards = createSessionGuards({ db, config, log });
  const chatStates = createChatStates({ io, db, log });
  const delivery = createDelivery({ io, db, log, guards, chatStates });
  const { presence, chat: chatPresence, close: closePresence } = createPresence(io, log, bus);
  // Core's away decision asks it (a chat message's readers not in the chat get a notification).
  runtime.chatPresence = chatPresence;
  // Messages' "while away" notifications, written in batches off the send path; this instance also takes those that
  // another one left untold (killed before its batch).
  const stopAwayNotifications = startAwayNotifications(runtime);
  authenticateHandshakes(io, { db, config, log, guards });

  /** A user's powers in an account changed: their sockets there re-read them and leave rooms they may not be in. */
  async function refreshAccess(socket: IoSocket) {
    const fresh = await findActor(db, socket.data.actor.userId, socket.data.actor.accountId);
    if (!fresh) return guards.end(socket, 'deactivated');
    if (!socket.connected) return;
    socket.data.actor = fresh;
    const teams = await findTeams(db, fresh);
    const visible = new Set(teams.map((t) => t._id));
    for (const teamId of socket.data.teamIds.filter((id) => !visible.has(id))) leaveTeam(socket, teamId);
    // The other direction (added to a team, or a new team an owner or admin sees): its room now, no reconnect.
    const joined = teams.filter((t) => !socket.data.teamIds.includes(t._id)).map((t) => t._id);
    if (joined.length) {
      socket.join(joined.map(teamRoom));
      socket.data.teamIds.push(...joined);
    }
    // The client redraws its contacts from this list (a renamed or deleted team too).
    socket.emit('teams-changed', teams);
  }
  const refreshLater = (socket: IoSocket) =>
    refreshAccess(socket).catch((err: Error) => log.warn({ err }, 'access refresh failed'));

  function leaveTeam(socket: IoSocket, teamId: string) {
    socket.leave(teamRoom(teamId));
    socket.data.teamIds = socket.data.teamIds.filter((id) => id !== teamId);
  }

  const unsubscribe = [
    ...delivery.subscribe(bus),
    subscribeNotificationChanges(io, bus),
    // Each instance cuts its own sockets of the ended sessions: the bus already reaches every instance.
    bus.subscribe(SESSION_ENDED_TOPIC, (event) => {
      const e = event as SessionEndedEvent;
      const room = endedRoom(e);
      if (!room) return;
      // Told on the socket before it is cut: the event carries the reason to every instance.
      const reason = TOLD_AS[e.reason] ?? 'logout';
      guards.noteEnded(room, reason);
      for (const socket of localSockets(io, [room])) guards.end(socket, reason);
    }),
    bus.subscribe(ACCESS_CHANGED_TOPIC, (event) => {
      const e = event as unknown as AccessChangedEvent;
      guards.noteEnded(accessKey(e.accountId, e.userId));
      for (const socket of localSockets(io, [memberRoom(e.accountId, e.userId)])) {
        // A plain member taken out of a team leaves its room now; owners and admins still see every team (and the
        // refresh below takes everyone out of a deleted one).
        const lost = e.reason === 'team-removed' || e.reason === 'team-deleted';
        if (e.teamId && lost && socket.data.actor.role === 'member') leaveTeam(socket, e.teamId);
        void refreshLater(socket);
      }
    }),
  ];

  const realtime: Realtime = {
    io,
    runtime,
    log,
    limits: createSocketLimits(config, runtime.redis),
    checkSession: (socket) => guards.check(socket),
    presence,
    deliverMessage: delivery.deliverMessage,
    sendingFrom: delivery.sendingFrom,
    chatStates,
    async close() {
      await stopAwayNotifications();
      closePresence();
      for (const off of unsubscribe) off();
      await close();
    },
  };

  io.on('connection', (socket) => {
    const { actor } = socket.data;
    const ownRooms = [
      sessionRoom(socket.data.sessionHash),
      userRoom(actor.userId),
      memberRoom(actor.accountId, actor.userId),
    ];
    // Ended between the handshake's read and now (its event found no socket in these rooms yet).
    const ended = ownRooms.find((room) => guards.endedSinceHandshake(socket, room));
    if (ended) {
      guards.end(socket, guards.reasonOf(ended) ?? 'logout');
      return;
    }
    socket.join([...ownRooms, accountRoom(actor.accountId), ...socket.data.teamIds.map(teamRoom)]);
    // Powers changed between the handshake's read and now: read them again.
    if (guards.endedSinceHandshake(socket, accessKey(actor.accountId, actor.userId))) void refreshLater(socket);
    registerChatHandlers(realtime, socket);
    chatStates.start(socket);
    guards.arm(socket);
    socket.on('disconnect', () => {
      guards.stop(socket);
      chatStates.stop(socket);
      if (socket.data.online) void presence(actor.accountId);
    });
    const parsed = ZHandshakeAuth.safeParse(socket.handshake.auth);
    delivery.start(socket, parsed.success ? parsed.data : {});
  });

  return realtime;
}
