import * as schema from '@majlis/core/db/schema/index';
import { AppError } from '@majlis/core/errors';
import { desc } from 'drizzle-orm';
import { Hono, type MiddlewareHandler } from 'hono';
import type { Env } from '../env.ts';
import { loadSession, socketAddress } from '../http/session.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Only this machine (the socket's own address: a forwarded header is never believed here) or a signed-in ops user.
 * Anybody else is told there is nothing here.
 */
const localOrOps: MiddlewareHandler<Env> = async (c, next) => {
  if (c.get('actor')?.isOps) return next();
  if (!LOOPBACK.has(socketAddress(c))) throw new AppError(404, 'NOT_FOUND');
  await next();
};

/**
 * A reset link sets somebody's password, an invitation link sets the first password of an account made for somebody
 * (issue 25): only their addressee may see them (a confirmation link only makes a new account).
 */
const SECRET_LINKS = [/(\/password\/reset\?token=)[\w.~%-]+/g, /(\/invite\/)[\w.~%-]+/g];
export function redactSecrets(text: string): string {
  return SECRET_LINKS.reduce((out, link) => out.replace(link, '$1[hidden]'), text);
}

/**
 * The embedded default's outbox: e-mail and SMS that would have been sent, newest first. Mounted only in the embedded
 * default (app.ts). Password-reset and invitation links are shown only to the signed-in user they were sent to, so
 * reading the outbox never hands out somebody else's account.
 */
export const devRoutes = new Hono<Env>()
  .use(loadSession)
  .use(localOrOps)
  .get('/outbox', async (c) => {
    const viewer = c.get('actor')?.email.toLowerCase();
    const rt = c.get('runtime');
    const rows = await rt.db.select().from(schema.outbox).orderBy(desc(schema.outbox.id)).limit(200);
    c.header('Cache-Control', 'no-store');
    // An e-mail never leaves without an SMTP server: say so instead of "pending" forever (issue 16).
    const kept = !rt.config.SMTP_URL;
    const delivery = (row: (typeof rows)[number]) =>
      row.status === 'pending' && row.channel === 'email' && kept
        ? 'kept in the outbox: no SMTP server is set'
        : row.status;
    return c.json(
      rows.map((row) => {
        if (viewer && row.to.toLowerCase() === viewer) return { ...row, delivery: delivery(row) };
        return {
          ...row,
          delivery: delivery(row),
          body: redactSecrets(row.body),
          html: row.html === null ? null : redactSecrets(row.html),
          attachments: row.attachments,
        };
      }),
    );
  });
