import { LANG_COOKIE } from '@majlis/contracts/cookies';
import { findActor } from '@majlis/core/auth/actor';
import { findSession, hashToken, sessionCookieName } from '@majlis/core/auth/sessions';
import type { Config } from '@majlis/core/config';
import type { Db } from '@majlis/core/db/connect';
import { AppError } from '@majlis/core/errors';
import type { Logger } from '@majlis/core/log';
import { findTeams } from '@majlis/core/teams/find-teams';
import { decideLanguage } from '@majlis/machines';
import { parse as parseCookies } from 'hono/utils/cookie';
import { errorBody } from '../http/errors.ts';
import type { IoServer } from './io.ts';
import type { SessionGuards } from './session-guard.ts';

/** A refused connection: socket.io-client gets the message as `err.message` and the error body as `err.data`. */
function refusal(status: 401 | 403 | 503, code: string): Error & { data: unknown } {
  return Object.assign(new Error(code), { data: errorBody(new AppError(status, code)) });
}

/**
 * Every connection is authenticated before it joins anything: the Origin against the allow-list (browsers always send
 * it cross-origin and on WebSocket; a same-origin polling GET may carry none), then the session cookie, the acting
 * membership and the teams it may see. The socket's language: the language machine's (profile first).
 */
export function authenticateHandshakes(
  io: IoServer,
  { db, config, log, guards }: { db: Db; config: Config; log: Logger; guards: SessionGuards },
) {
  io.use(async (socket, next) => {
    const refuse = (status: 401 | 403, code: string) => {
      log.warn({ code, address: socket.handshake.address }, 'handshake refused');
      next(refusal(status, code));
    };
    try {
      const origin = socket.handshake.headers.origin;
      if (origin && !config.allowedOrigins.includes(origin)) return refuse(403, 'FORBIDDEN');
      const cookies = parseCookies(socket.handshake.headers.cookie ?? '');
      const sid = cookies[sessionCookieName(config)];
      // Taken before the read: a session ended from this moment on is caught at connection (recentlyEnded).
      const readAt = Date.now();
      const session = sid ? await findSession(db, config, sid) : null;
      if (!sid || !session?.userId || !session.accountId) return refuse(401, 'UNAUTHENTICATED');
      const actor = await findActor(db, session.userId, session.accountId);
      if (!actor) return refuse(401, 'UNAUTHENTICATED');
      const teams = await findTeams(db, actor);
      socket.data = {
        actor,
        locale: decideLanguage({
          profile: actor.locale,
          stored: cookies[LANG_COOKIE] ?? null,
          acceptLanguage: socket.handshake.headers['accept-language'],
        }),
        sessionHash: hashToken(config.sessionSecret, sid),
        online: false,
        teamIds: teams.map((t) => t._id),
      };
      guards.start(socket, session, readAt);
      next();
    } catch (err) {
      log.error({ err }, 'handshake failed');
      next(refusal(503, 'SERVICE_UNAVAILABLE'));
    }
  });
}
