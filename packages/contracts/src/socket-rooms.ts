/**
 * Socket.io room names (DESIGN §6), spelled once: core names the rooms a stored message goes to, the BFF joins sockets
 * to them and delivers (a notification a worker made too: it comes over the bus, as the BFF's own). A socket joins one room
 * per user, per account, per user within an account (tenant-scoped signals), per session and per visible team.
 */

/** Every socket of a user, whatever account it acts in (private chat messages). */
export const userRoom = (userId: string) => `user:${userId}`;

/** Every socket acting in an account (presence: getUsers). */
export const accountRoom = (accountId: string) => `account:${accountId}`;

/** A user's sockets acting in one account (notifications, messages-readed, ending one membership). */
export const memberRoom = (accountId: string, userId: string) => `member:${accountId}:${userId}`;

/** The sockets of everyone allowed to see a team (team chat messages). */
export const teamRoom = (teamId: string) => `team:${teamId}`;

/** Every socket of one session, by the session's stored HMAC (never the cookie): logout ends them at once. */
export const sessionRoom = (sessionHash: string) => `session:${sessionHash}`;
