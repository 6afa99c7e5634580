import type { SessionEndedReason } from '@majlis/contracts/realtime';
import { findSessionByHash, type SessionRow, storedSessionOf } from '@majlis/core/auth/sessions';
import type { Config } from '@majlis/core/config';
import type { Db } from '@majlis/core/db/connect';
import { AppError } from '@majlis/core/errors';
import type { Logger } from '@majlis/core/log';
import { decideSession, type SessionEndReason, type StoredSession, sessionDeadlineOf } from '@majlis/machines';
import type { IoSocket } from './io.ts';

/** The wire's reasons are the session machine's, both ways (a compile error here when one list moves alone). */
const sameReasons: [SessionEndReason, SessionEndedReason] extends [SessionEndedReason, SessionEndReason]
  ? true
  : never = true;
void sameReasons;

/**
 * What a socket knows of its session, kept on this instance only. Ending a session publishes session.ended and the
 * socket is cut at once; without an event, the socket reads its session again when it would end (a timer) and at an
 * event from it when the last read is over SESSION_READ_MS old, and it is cut without asking anyone once its
 * absolute expiry has passed.
 */
interface Guard {
  /** The session as last read: the session machine decides from it whether it still stands, and why not. */
  stored: StoredSession;
  /** When the session would end unless seen again: its absolute end or the end of its idle allowance (epoch ms). */
  deadline: number;
  /** When the session row was last read (at the handshake: just before the read). */
  readAt: number;
  timer?: NodeJS.Timeout;
  ended: boolean;
  /**
   * Until when the chart's last "still stands" about the absolute limit holds (its own deadline rule): asked for every
   * message given to the socket, the chart ran per receiver per message (issue 14's chat profile: a tenth of the CPU).
   */
  absoluteValidUntil: number;
}

/**
 * An event from a socket reads its session again after this long. Not the main path (the bus event is): it keeps
 * the session's lastSeenAt moving while someone only chats, and it bounds how long a session.ended lost while Redis
 * was away can go unnoticed by a busy socket.
 */
const SESSION_READ_MS = 60_000;
/** How long an ended session is remembered, for a socket whose handshake read it just before it ended. */
const ENDED_MEMORY_MS = 60_000;

export type SessionGuards = ReturnType<typeof createSessionGuards>;

/** The session side of every socket of this instance: whether it may still be given anything, and cutting it. */
export function createSessionGuards({ db, config, log }: { db: Db; config: Config; log: Logger }) {
  const guards = new WeakMap<IoSocket, Guard>();
  /**
   * Rooms whose sessions ended lately, with when: a socket whose handshake read its session before the end but
   * joined its rooms after the event went by is cut on connection. Insertion-ordered, so pruning stops at the first
   * recent entry.
   */
  const recentlyEnded = new Map<string, { at: number; reason?: SessionEndReason }>();

  function learn(g: Guard, row: SessionRow) {
    g.stored = storedSessionOf(config, row);
    g.deadline = sessionDeadlineOf(g.stored);
    g.absoluteValidUntil = 0;
    g.readAt = Date.now();
  }

  /** Past the absolute limit: final whatever HTTP activity did since (the idle one may have moved; no need to read). */
  function pastAbsolute(g: Guard): boolean {
    const now = Date.now();
    if (now < g.absoluteValidUntil) return false;
    const absolute = { ...g.stored, idleMs: Number.POSITIVE_INFINITY };
    const ended = !decideSession(absolute, now).valid;
    if (!ended) g.absoluteValidUntil = sessionDeadlineOf(absolute);
    return ended;
  }

  /** Whether a socket may still be given anything: its session has not ended, as far as this instance knows. */
  function alive(socket: IoSocket): boolean {
    const g = guards.get(socket);
    return !!g && !g.ended && !pastAbsolute(g);
  }

  /**
   * Why the session of a guard ended by the clock as last read; `lost` when the clock says it still stands (it was
   * ended elsewhere and its event did not reach this instance).
   */
  function endedBy(g: Guard, lost: SessionEndReason): SessionEndReason {
    const check = decideSession(g.stored, Date.now());
    return check.valid ? lost : check.reason;
  }

  /** Cuts a socket whose session ended, telling the page why first; nothing is given to it from now on. */
  function end(socket: IoSocket, reason: SessionEndReason) {
    const g = guards.get(socket);
    if (g) {
      g.ended = true;
      clearTimeout(g.timer);
    }
    if (socket.connected) {
      const { actor } = socket.data;
      log.info({ userId: actor.userId, accountId: actor.accountId, reason }, 'socket cut');
      // Written before the disconnect packet, on the same connection: the page reads it before it sees the cut.
      socket.emit('session.ended', { reason });
      socket.disconnect(true);
    }
  }

  /** Wakes the socket when its session would end, to read it again (HTTP activity may have kept it alive). */
  function schedule(socket: IoSocket) {
    const g = guards.get(socket);
    if (!g || g.ended) return;
    clearTimeout(g.timer);
    // setTimeout takes at most 2^31-1 ms (~24.8 days); a later deadline is simply looked at again then.
    const wait = Math.min(Math.max(0, g.deadline - Date.now()), 2 ** 31 - 1);
    g.timer = setTimeout(() => {
      recheck(socket).catch((err: Error) => log.warn({ err }, 'session re-read failed'));
    }, wait);
    g.timer.unref();
  }

  /** Reads the socket's session again; cuts the socket if it has ended. Resolves whether the socket is still alive. */
  async function recheck(socket: IoSocket): Promise<boolean> {
    const g = guards.get(socket);
    if (!g || g.ended) return false;
    if (pastAbsolute(g)) {
      end(socket, 'expired');
      return false;
    }
    const row = await findSessionByHash(db, config, socket.data.sessionHash);
    const { actor } = socket.data;
    if (!row || row.userId !== actor.userId || row.accountId !== actor.accountId) {
      end(socket, endedBy(g, 'logout'));
      return false;
    }
    learn(g, row);
    schedule(socket);
    return !g.ended;
  }

  return {
    alive,
    end,
    /** At the handshake: the session as read, and when the read began. */
    start(socket: IoSocket, session: SessionRow, readAt: number) {
      const g: Guard = {
        stored: { expiresAt: 0, lastSeenAt: 0, idleMs: 0 },
        deadline: 0,
        readAt: 0,
        ended: false,
        absoluteValidUntil: 0,
      };
      learn(g, session);
      g.readAt = readAt;
      guards.set(socket, g);
    },
    /** Once connected: the timer for the session's end runs. */
    arm: schedule,
    /** On disconnect. */
    stop(socket: IoSocket) {
      const g = guards.get(socket);
      if (!g) return;
      clearTimeout(g.timer);
      g.ended = true;
    },
    /** Before each event: throws 401 UNAUTHENTICATED (and cuts the socket) once its session has ended. */
    async check(socket: IoSocket) {
      const g = guards.get(socket);
      const due = g && (Date.now() >= g.deadline || Date.now() - g.readAt > SESSION_READ_MS);
      if (!g || !alive(socket) || (due && !(await recheck(socket)))) {
        if (g && !g.ended) end(socket, endedBy(g, 'expired'));
        throw new AppError(401, 'UNAUTHENTICATED');
      }
    },
    /** After Redis was away (session.ended events lost): every socket reads its session again. */
    async recheckAll(sockets: Iterable<IoSocket>) {
      for (const socket of [...sockets]) {
        await recheck(socket).catch((err: Error) => log.warn({ err }, 'session re-read failed'));
      }
    },
    /** A room's session ended (with the reason to tell), or its powers changed (no reason). */
    noteEnded(room: string, reason?: SessionEndReason) {
      const now = Date.now();
      recentlyEnded.delete(room);
      recentlyEnded.set(room, { at: now, reason });
      for (const [key, { at }] of recentlyEnded) {
        if (now - at < ENDED_MEMORY_MS) break;
        recentlyEnded.delete(key);
      }
    },
    /** Whether a room's session ended (or powers changed) since this socket's handshake read; no guard → true. */
    endedSinceHandshake(socket: IoSocket, room: string): boolean {
      const g = guards.get(socket);
      return !g || (recentlyEnded.get(room)?.at ?? 0) >= g.readAt;
    },
    /** The reason a room's session ended lately, if it did. */
    reasonOf(room: string): SessionEndReason | undefined {
      return recentlyEnded.get(room)?.reason;
    },
  };
}
