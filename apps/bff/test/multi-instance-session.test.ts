import { randomBytes } from 'node:crypto';
import { removeTeamMember } from '@majlis/core/accounts/membership';
import { hashToken } from '@majlis/core/auth/sessions';
import { connectDatabase } from '@majlis/core/db/connect';
import * as schema from '@majlis/core/db/schema/index';
import { createRedisBus } from '@majlis/core/events/bus';
import {
  createPostgresDatabase,
  dropRedisPrefix,
  randomRedisPrefix,
  redisUrl,
  serviceMissing,
} from '@majlis/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from './client.ts';
import { type BffProcess, spawnBff } from './process.ts';
import { ChatClient, sleep, waitFor } from './realtime-client.ts';

const skip = serviceMissing('DATABASE_URL') ?? serviceMissing('REDIS_URL');
const PASSWORD = 'Demo-password-1';
const SECRET = 'a-shared-secret-of-at-least-32-characters';

/**
 * Issue 9 finding 3 across instances: what ends a session on one BFF process cuts its sockets on the other within a
 * second (session.ended over the Redis bus), and a team removal narrows them there too.
 */
describe.skipIf(skip)(`sessions end on every BFF process${skip ? ` (${skip})` : ''}`, () => {
  let a: BffProcess;
  let b: BffProcess;
  let db: { url: string; drop(): Promise<void> };
  const prefix = randomRedisPrefix();
  const sockets: ChatClient[] = [];
  let teamId: string;

  async function signIn(email: string, base = a.url) {
    const http = new TestClient((u, init) => fetch(u, init), base);
    const res = await http.login(email, PASSWORD);
    expect(res.status).toBe(200);
    return { http, userId: res.json.user.id as string, accountId: res.json.user.ownerId as string };
  }
  async function socketOn(p: BffProcess, jar: Map<string, string>) {
    const s = new ChatClient(p.url, jar);
    sockets.push(s);
    await s.connected();
    s.socket.io.reconnection(false);
    return s;
  }
  /** Milliseconds from `start` until every socket given is disconnected (at most `limitMs`, else it throws). */
  async function cutWithin(start: number, list: ChatClient[], limitMs = 3000) {
    await waitFor(() => list.every((s) => !s.socket.connected), limitMs, 'the sockets cut');
    return Date.now() - start;
  }

  beforeAll(async () => {
    db = await createPostgresDatabase({ seeded: true });
    const env = {
      DATABASE_URL: db.url,
      REDIS_URL: redisUrl as string,
      REDIS_PREFIX: prefix,
      SESSION_SECRET: SECRET,
      SEED_DEMO: '1',
      DEMO_PASSWORD: PASSWORD,
      LOG_LEVEL: 'error',
    };
    // One after the other, as a deploy starts them (the database is a copy of the run's seeded template).
    a = await spawnBff(env);
    b = await spawnBff(env);
    const member = await signIn('member@demo.test');
    teamId = (await member.http.get('/api/teams')).json[0]._id;
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await Promise.all([a?.stop(), b?.stop()]);
    await db?.drop();
    await dropRedisPrefix(prefix);
  });

  it('logout on instance A cuts the session’s socket on instance B within a second; it gets nothing more', async () => {
    const admin = await signIn('admin@demo.test');
    const owner = await signIn('owner@demo.test');
    const onB = await socketOn(b, admin.http.jar);
    const onA = await socketOn(a, admin.http.jar);
    const ownerOnA = await socketOn(a, owner.http.jar);
    const before = await ownerOnA.call('sendTeamMessage', { senderId: owner.userId, text: 'before', teamId });
    await waitFor(() => onB.ids().has(before.message.id), 5000, 'B’s socket to get the message');
    const start = Date.now();
    expect((await admin.http.get('/api/logout')).status).toBe(200);
    const ms = await cutWithin(start, [onB, onA]);
    console.info(`[measure] logout on A → socket on B cut in ${ms} ms`);
    expect(ms).toBeLessThan(1000);
    const after = await ownerOnA.call('sendTeamMessage', { senderId: owner.userId, text: 'after', teamId });
    expect(after.ok).toBe(true);
    await sleep(200);
    expect(onB.ids().has(after.message.id)).toBe(false);
    // The cookie does not open a socket on either instance any more.
    for (const p of [a, b]) {
      const again = new ChatClient(p.url, admin.http.jar);
      sockets.push(again);
      await expect(again.connected()).rejects.toMatchObject({ message: 'UNAUTHENTICATED' });
      again.close();
    }
  });

  it('a password reset on A evicts the user’s sockets on both instances', async () => {
    const attacker = await signIn('solo@demo.test', b.url);
    const onB = await socketOn(b, attacker.http.jar);
    const onA = await socketOn(a, attacker.http.jar);
    const token = randomBytes(32).toString('base64url');
    const database = await connectDatabase({ url: db.url, migrate: false });
    try {
      await database.db.insert(schema.passwordResets).values({
        tokenHash: hashToken(SECRET, token),
        userId: attacker.userId,
        expiresAt: new Date(Date.now() + 60_000),
      });
    } finally {
      await database.close();
    }
    const visitor = new TestClient((u, init) => fetch(u, init), a.url);
    await visitor.csrf();
    const start = Date.now();
    const res = await visitor.post('/api/password/reset', { token, password: 'Quite-another-passphrase-77' });
    expect(res.status).toBe(200);
    const ms = await cutWithin(start, [onB, onA]);
    console.info(`[measure] password reset on A → sockets on A and B cut in ${ms} ms`);
    expect(ms).toBeLessThan(1000);
  });

  it('a member taken out of the team by another process stops getting its messages on B', async () => {
    const member = await signIn('member@demo.test', b.url);
    const owner = await signIn('owner@demo.test');
    const control = await socketOn(b, (await signIn('admin@demo.test', b.url)).http.jar);
    const onB = await socketOn(b, member.http.jar);
    const ownerOnA = await socketOn(a, owner.http.jar);
    const bus = createRedisBus(redisUrl as string, `${prefix}bus:`);
    const database = await connectDatabase({ url: db.url, migrate: false });
    try {
      const before = await ownerOnA.call('sendTeamMessage', { senderId: owner.userId, text: 'in', teamId });
      await waitFor(() => onB.ids().has(before.message.id), 5000, 'B’s socket to get the message');
      expect(await removeTeamMember({ db: database.db, bus }, teamId, member.userId)).toBe(true);
      // Published before A publishes the next message: B's bus subscriber gets them in that order.
      const after = await ownerOnA.call('sendTeamMessage', { senderId: owner.userId, text: 'out', teamId });
      expect(after.ok).toBe(true);
      await waitFor(() => control.ids().has(after.message.id), 5000, 'the admin on B to get it');
      await sleep(100);
      expect(onB.ids().has(after.message.id)).toBe(false);
      const join = await onB.call('join_team', { ownerId: member.accountId, userId: member.userId, teamId });
      expect(join).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
      expect(onB.socket.connected).toBe(true);
    } finally {
      await bus.close();
      await database.close();
    }
  });
});
