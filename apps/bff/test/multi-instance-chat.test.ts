import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { connect, createServer, type Socket } from 'node:net';
import { connectDatabase } from '@majlis/core/db/connect';
import { createRedisBus } from '@majlis/core/events/bus';
import { createNotification } from '@majlis/core/notifications/notifications';
import {
  createPostgresDatabase,
  dropRedisPrefix,
  randomRedisPrefix,
  redisUrl,
  serviceMissing,
} from '@majlis/core/testing';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from './client.ts';
import { type BffProcess, freePort, spawnBff } from './process.ts';
import { ChatClient, sleep, waitFor } from './realtime-client.ts';

const skip = serviceMissing('DATABASE_URL') ?? serviceMissing('REDIS_URL');
const PASSWORD = 'Demo-password-1';

function hasRedisServer(): boolean {
  try {
    execFileSync('redis-server', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * A Redis of this suite's own on a free port, so it can be paused and restarted without touching anyone else's.
 * Without the redis-server binary the shared REDIS_URL is used and only paused (briefly).
 */
async function startOwnRedis(port: number): Promise<ChildProcess> {
  const proc = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  const probe = new Redis({ port, host: '127.0.0.1', lazyConnect: true, retryStrategy: () => null });
  probe.on('error', () => {});
  for (let i = 0; i < 100; i++) {
    try {
      await probe.connect();
      await probe.ping();
      probe.disconnect();
      return proc;
    } catch {
      await sleep(50);
    }
  }
  throw new Error('redis-server did not start');
}

/**
 * A TCP load balancer on loopback: each new connection goes to the first backend that accepts it, in the order
 * given at that moment. It stands for the load balancer in front of the BFF replicas: when one dies, its clients'
 * reconnections land on the other.
 */
async function startBalancer(backends: () => number[]) {
  const open = new Set<Socket>();
  const server = createServer((client) => {
    open.add(client);
    client.on('close', () => open.delete(client));
    client.on('error', () => {});
    client.pause();
    const ports = backends();
    const tryNext = (i: number) => {
      const port = ports[i];
      if (port === undefined) return client.destroy();
      const upstream = connect(port, '127.0.0.1');
      let connected = false;
      upstream.once('connect', () => {
        connected = true;
        open.add(upstream);
        upstream.on('close', () => {
          open.delete(upstream);
          client.destroy();
        });
        client.on('close', () => upstream.destroy());
        client.pipe(upstream);
        upstream.pipe(client);
        client.resume();
      });
      upstream.on('error', () => {
        if (!connected) tryNext(i + 1);
      });
    };
    tryNext(0);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of open) s.destroy();
        server.close(() => resolve());
      }),
  };
}

describe.skipIf(skip)(`chat across two BFF processes${skip ? ` (${skip})` : ''}`, () => {
  let a: BffProcess;
  let b: BffProcess;
  let env: Record<string, string>;
  let db: { url: string; drop(): Promise<void> };
  let redisPort = 0;
  let ownRedis: ChildProcess | undefined;
  let lbA: Awaited<ReturnType<typeof startBalancer>>;
  let lbB: Awaited<ReturnType<typeof startBalancer>>;
  const prefix = randomRedisPrefix();
  const sockets: ChatClient[] = [];
  const who = {} as Record<
    'owner' | 'admin' | 'member' | 'solo',
    { http: TestClient; userId: string; accountId: string }
  >;
  let teamId: string;

  beforeAll(async () => {
    db = await createPostgresDatabase({ seeded: true });
    let redis = redisUrl as string;
    if (hasRedisServer()) {
      redisPort = await freePort();
      ownRedis = await startOwnRedis(redisPort);
      redis = `redis://127.0.0.1:${redisPort}`;
    }
    env = {
      DATABASE_URL: db.url,
      REDIS_URL: redis,
      REDIS_PREFIX: prefix,
      SESSION_SECRET: 'a-shared-secret-of-at-least-32-characters',
      SEED_DEMO: '1',
      DEMO_PASSWORD: PASSWORD,
      LOG_LEVEL: 'error',
      // These tests are load scripts (dozens of messages a second from one socket), not people: lift the socket limits.
      RATE_SOCKET_SENDS_SECOND: '1000',
      RATE_SOCKET_SENDS_MINUTE: '100000',
    };
    // One after the other, as a deploy starts them (the database is a copy of the run's seeded template).
    a = await spawnBff(env);
    b = await spawnBff(env);
    lbA = await startBalancer(() => [a.port, b.port]);
    lbB = await startBalancer(() => [b.port, a.port]);
    for (const name of ['owner', 'admin', 'member', 'solo'] as const) {
      const http = new TestClient((u, init) => fetch(u, init), a.url);
      const res = await http.login(`${name}@demo.test`, PASSWORD);
      expect(res.status).toBe(200);
      who[name] = { http, userId: res.json.user.id, accountId: res.json.user.ownerId };
    }
    const teams = await who.member.http.get('/api/teams');
    teamId = teams.json[0]._id;
  }, 90_000);

  afterAll(async () => {
    for (const s of sockets) s.close();
    await Promise.all([lbA?.close(), lbB?.close()]);
    const running = (p?: BffProcess) => p && p.proc.exitCode === null && p.proc.signalCode === null;
    await Promise.all([a, b].filter(running).map((p) => p?.stop()));
    ownRedis?.kill('SIGKILL');
    await db?.drop();
    if (!ownRedis) await dropRedisPrefix(prefix);
  });

  async function socketOn(lb: { url: string }, name: keyof typeof who) {
    const s = new ChatClient(lb.url, who[name].http.jar);
    sockets.push(s);
    await s.connected();
    return s;
  }
  const send = (s: ChatClient, from: keyof typeof who, to: keyof typeof who, text: string) =>
    s.call('sendMessage', { senderId: who[from].userId, receiverId: who[to].userId, text, messageId: text });
  const sendTeam = (s: ChatClient, from: keyof typeof who, text: string) =>
    s.call('sendTeamMessage', { senderId: who[from].userId, text, teamId, messageId: text });
  const userIds = (s: ChatClient) => s.users.map((u) => u.userId).join();

  it('presence agrees on both instances', async () => {
    const owner = await socketOn(lbA, 'owner');
    const admin = await socketOn(lbB, 'admin');
    const member = await socketOn(lbB, 'member');
    for (const [s, name] of [
      [owner, 'owner'],
      [admin, 'admin'],
      [member, 'member'],
    ] as const) {
      expect((await s.call('addUser', { ownerId: who[name].accountId, userId: who[name].userId })).ok).toBe(true);
    }
    const all = [who.owner.userId, who.admin.userId, who.member.userId].sort().join();
    await waitFor(() => [owner, admin, member].every((s) => userIds(s) === all), 10_000, 'presence on A and B');
    member.close();
    const left = [who.owner.userId, who.admin.userId].sort().join();
    await waitFor(() => userIds(owner) === left && userIds(admin) === left, 10_000, 'member offline on A and B');
    owner.close();
    admin.close();
  });

  it('private and team messages arrive exactly once on the other instance; reading on B reaches the sender on A', async () => {
    const owner = await socketOn(lbA, 'owner');
    const admin = await socketOn(lbB, 'admin');
    const member = await socketOn(lbB, 'member');
    const privateIds: number[] = [];
    const teamIds: number[] = [];
    for (let i = 0; i < 15; i++) {
      const p = await send(owner, 'owner', 'member', `p-${i}`);
      expect(p.ok).toBe(true);
      privateIds.push(p.message.id);
      const t = await sendTeam(i % 2 ? owner : admin, i % 2 ? 'owner' : 'admin', `t-${i}`);
      expect(t.ok).toBe(true);
      teamIds.push(t.message.id);
    }
    await waitFor(
      () => [...privateIds, ...teamIds].every((id) => member.ids().has(id)),
      10_000,
      'member gets private and team messages',
    );
    await waitFor(() => teamIds.every((id) => owner.ids().has(id) || admin.ids().has(id)), 10_000, 'team delivery');
    await sleep(300);
    expect(member.received).toHaveLength(privateIds.length + teamIds.length);
    expect(member.duplicates()).toEqual([]);
    // Each team message reaches the members who did not send it: the owner on A gets the admin's, and the reverse.
    expect(owner.received.map((m) => m.id).sort()).toEqual(teamIds.filter((_, i) => i % 2 === 0).sort());
    expect(admin.received.map((m) => m.id).sort()).toEqual(teamIds.filter((_, i) => i % 2 === 1).sort());

    const conversationId = member.received.find((m) => m.type === 'private')?.conversationId;
    const read = await member.call('reading-messages', {
      senderId: who.owner.userId,
      ownerId: who.member.accountId,
      conversationId,
    });
    expect(read.ok).toBe(true);
    await waitFor(() => owner.readed.length === 1, 10_000, 'messages-readed on A');
    expect(owner.readed[0]).toMatchObject({ conversationId, readerId: who.member.userId });
    for (const s of [owner, admin, member]) s.close();
  });

  it('joining a team of another account is refused on either instance, and nothing reaches the team', async () => {
    const owner = await socketOn(lbA, 'owner');
    const solo = await socketOn(lbB, 'solo');
    const join = await solo.call('join_team', { ownerId: who.solo.accountId, userId: who.solo.userId, teamId });
    expect(join).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    const sent = await sendTeam(solo, 'solo', 'intrusion');
    expect(sent.ok).toBe(false);
    await sleep(300);
    expect(owner.received).toEqual([]);
    owner.close();
    solo.close();
  });

  it('a notification made outside the BFFs (as a job does) reaches the user on both instances, once each', async () => {
    const onA = await socketOn(lbA, 'member');
    const onB = await socketOn(lbB, 'member');
    const database = await connectDatabase({ url: db.url, migrate: false });
    const bus = createRedisBus(env.REDIS_URL as string, `${prefix}bus:`);
    try {
      const input = {
        accountId: who.member.accountId,
        userId: who.member.userId,
        type: 'success' as const,
        titleId: 'notif.chat.title',
        messageId: 'notif.chat.message',
        values: { name: 'ليلى', text: 'مرحبا' },
        dedupeKey: `multi:${prefix}`,
      };
      const { notification } = await createNotification(database.db, input, { bus });
      await createNotification(database.db, input, { bus });
      await waitFor(
        () => onA.notifications.length > 0 && onB.notifications.length > 0,
        10_000,
        'notification on A and B',
      );
      await sleep(300);
      for (const s of [onA, onB]) {
        expect(s.notifications.map((n) => n.id)).toEqual([notification.id]);
        // The member's stored language is English.
        expect(s.notifications[0]?.title).toBe('New message');
      }
    } finally {
      await bus.close();
      await database.close();
      onA.close();
      onB.close();
    }
  });

  it('B is killed mid-conversation: its clients reconnect to A and get everything they missed, once', async () => {
    const owner = await socketOn(lbA, 'owner');
    const admin = await socketOn(lbB, 'admin');
    const member = await socketOn(lbB, 'member');
    const privateIds: number[] = [];
    const teamIds: number[] = [];
    for (let i = 0; i < 30; i++) {
      if (i === 10) b.proc.kill('SIGKILL');
      const p = await send(owner, 'owner', 'member', `kill-p-${i}`);
      const t = await sendTeam(owner, 'owner', `kill-t-${i}`);
      expect(p.ok && t.ok).toBe(true);
      privateIds.push(p.message.id);
      teamIds.push(t.message.id);
      await sleep(20);
    }
    await waitFor(
      () =>
        [...privateIds, ...teamIds].every((id) => member.ids().has(id)) && teamIds.every((id) => admin.ids().has(id)),
      20_000,
      'everything after the failover',
    );
    await sleep(300);
    b = await spawnBff(env);
    expect(member.duplicates()).toEqual([]);
    expect(admin.duplicates()).toEqual([]);
    // The replay also looks back a minute before the last id seen (ids can arrive out of order), so these fresh
    // sockets also get earlier messages of their conversations; of this test's, each arrived once.
    const first = Math.min(...privateIds, ...teamIds);
    const fresh = (c: ChatClient) => c.received.filter((m) => m.id >= first);
    expect(fresh(member)).toHaveLength(60);
    expect(fresh(admin)).toHaveLength(30);
    for (const s of [owner, admin, member]) s.close();
  });

  it('Redis paused and restarted while messages flow: every message stored and delivered to every member once', async () => {
    const owner = await socketOn(lbA, 'owner');
    const admin = await socketOn(lbB, 'admin');
    const member = await socketOn(lbB, 'member');
    const sent: { id: number; kind: 'private' | 'team'; from: 'owner' | 'admin' }[] = [];
    const control = new Redis(env.REDIS_URL as string, { retryStrategy: () => 200 });
    control.on('error', () => {});
    let flowing = true;
    const flow = (async () => {
      for (let i = 0; flowing; i++) {
        const results = await Promise.all([
          send(owner, 'owner', 'member', `redis-p-${i}`).then(
            (r) => r.ok && sent.push({ id: r.message.id, kind: 'private', from: 'owner' }),
          ),
          sendTeam(admin, 'admin', `redis-ta-${i}`).then(
            (r) => r.ok && sent.push({ id: r.message.id, kind: 'team', from: 'admin' }),
          ),
          sendTeam(owner, 'owner', `redis-to-${i}`).then(
            (r) => r.ok && sent.push({ id: r.message.id, kind: 'team', from: 'owner' }),
          ),
        ]);
        expect(results.every(Boolean)).toBe(true);
        await sleep(30);
      }
    })();
    await sleep(500);
    await control.call('CLIENT', 'PAUSE', ownRedis ? '2000' : '1000', 'ALL');
    await sleep(ownRedis ? 2500 : 1500);
    if (ownRedis) {
      ownRedis.kill('SIGKILL');
      await new Promise((r) => ownRedis?.once('exit', r));
      await sleep(500);
      ownRedis = await startOwnRedis(redisPort);
      await sleep(1000);
      // Only the subscribers drop, publishers go on: whatever is published meanwhile is gone from pub/sub for good,
      // and only the replay from the database can bring it.
      const killer = new Redis(env.REDIS_URL as string);
      await killer.call('CLIENT', 'KILL', 'TYPE', 'pubsub');
      killer.disconnect();
      await sleep(1500);
    }
    flowing = false;
    await flow;
    control.disconnect();

    const expectAt = {
      owner: sent.filter((m) => m.kind === 'team' && m.from !== 'owner').map((m) => m.id),
      admin: sent.filter((m) => m.kind === 'team' && m.from !== 'admin').map((m) => m.id),
      member: sent.map((m) => m.id),
    };
    const sockets = { owner, admin, member };
    await waitFor(
      () => (['owner', 'admin', 'member'] as const).every((n) => expectAt[n].every((id) => sockets[n].ids().has(id))),
      30_000,
      'every message at every member',
    );
    await sleep(500);
    for (const n of ['owner', 'admin', 'member'] as const) {
      expect(sockets[n].duplicates(), `${n} got an id twice`).toEqual([]);
      const first = Math.min(...sent.map((m) => m.id));
      const fresh = sockets[n].received.filter((m) => m.id >= first).map((m) => m.id);
      expect(fresh.sort()).toEqual([...expectAt[n]].sort());
    }
    // Stored: the history of each conversation holds every acknowledged message.
    const conversations = new Set(member.received.map((m) => m.conversationId));
    const stored = new Set<number>();
    for (const c of conversations) {
      let after = 0;
      for (;;) {
        const page = await who.member.http.get(`/api/chat/message/${c}?after=${after}&limit=200`);
        for (const m of page.json) stored.add(m.id);
        if (page.json.length < 200) break;
        after = page.json.at(-1).id;
      }
    }
    expect(sent.every((m) => stored.has(m.id))).toBe(true);
    expect(sent.length).toBeGreaterThan(30);
    for (const s of [owner, admin, member]) s.close();
  });
});
