import type { UserInfo } from '@majlis/contracts/account';
import type { Actor } from '@majlis/core/auth/actor';
import type { SessionRow } from '@majlis/core/auth/sessions';
import type { Logger } from '@majlis/core/log';
import type { Runtime } from '@majlis/core/runtime';
import type { Locale } from '@majlis/i18n';

/** Per-request values set by the middleware in app.ts. */
export interface Env {
  Variables: {
    runtime: Runtime;
    /** This request's id (X-Request-Id: the caller's when plain, else a new UUID), echoed in the response. */
    requestId: string;
    /** The process logger with this request's id (X-Request-Id, echoed in the response). */
    logger: Logger;
    /** The cookie value of the current session (never stored server-side in clear). */
    sessionId: string | null;
    session: SessionRow | null;
    actor: Actor | null;
    /** The signed-in user's own details, read with the session (GET /api/user/info answers them); null signed out. */
    userInfo: UserInfo['info'] | null;
    locale: Locale;
    ip: string;
  };
}
