import type { Team } from '@majlis/contracts/chat';
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

/** A socket that also keeps the last teams-changed list it was pushed. */
class TeamsSocket extends ChatClient {
  teams: Team[] | null = null;
  pushes = 0;
  constructor(url: string, jar: Map<string, string>) {
    super(url, jar);
    this.socket.on('teams-changed', (teams) => {
      this.teams = teams;
      this.pushes++;
    });
  }
  sees(teamId: string) {
    return !!this.teams?.some((t) => t._id === teamId);
  }
}

/**
 * Team setup reaches chat live on every instance (issue 11): the owner changes teams through instance A; the
 * users' sockets on instance B join or leave the team's room and get the new team list, without reconnecting.
 */
describe.skipIf(skip)(`team changes across two BFF processes${skip ? ` (${skip})` : ''}`, () => {
  let a: BffProcess;
  let b: BffProcess;
  let db: { url: string; drop(): Promise<void> };
  const prefix = randomRedisPrefix();
  const sockets: ChatClient[] = [];
  const who = {} as Record<'owner' | 'admin' | 'member', { http: TestClient; userId: string; accountId: string }>;

  async function signIn(email: string, base: string) {
    const http = new TestClient((u, init) => fetch(u, init), base);
    const res = await http.login(email, PASSWORD);
    expect(res.status).toBe(200);
    return { http, userId: res.json.user.id as string, accountId: res.json.user.ownerId as string };
  }
  async function socketOn(p: BffProcess, jar: Map<string, string>) {
    const s = new TeamsSocket(p.url, jar);
    sockets.push(s);
    await s.connected();
    s.socket.io.reconnection(false);
    return s;
  }
  async function newTeam(name: string) {
    const res = await who.owner.http.post('/api/teams', { teamName: name });
    expect(res.status).toBe(201);
    return res.json._id as string;
  }
  const say = (s: ChatClient, u: { userId: string }, teamId: string, text: string) =>
    s.call('sendTeamMessage', { senderId: u.userId, text, teamId });

  beforeAll(async () => {
    db = await createPostgresDatabase({ seeded: true });
    const env = {
      DATABASE_URL: db.url,
      REDIS_URL: redisUrl as string,
      REDIS_PREFIX: prefix,
      SESSION_SECRET: 'a-shared-secret-of-at-least-32-characters',
      SEED_DEMO: '1',
      DEMO_PASSWORD: PASSWORD,
      LOG_LEVEL: 'error',
    };
    // One after the other, as a deploy starts them (the database is a copy of the run's seeded template).
    a = await spawnBff(env);
    b = await spawnBff(env);
    who.owner = await signIn('owner@demo.test', a.url);
    who.admin = await signIn('admin@demo.test', b.url);
    who.member = await signIn('member@demo.test', b.url);
  }, 120_000);
  afterAll(async () => {
    for (const s of sockets) s.close();
    await Promise.all([a?.stop(), b?.stop()]);
    await db?.drop();
    await dropRedisPrefix(prefix);
  });

  it('a member added on A sees the team on B at once, gets its messages and history, and can send to it', async () => {
    const ownerOnA = await socketOn(a, who.owner.http.jar);
    const memberOnB = await socketOn(b, who.member.http.jar);
    const teamId = await newTeam('Launch');
    const earlier = await say(ownerOnA, who.owner, teamId, 'before you came');
    expect(earlier.ok).toBe(true);
    expect(memberOnB.sees(teamId)).toBe(false);

    const res = await who.owner.http.post(`/api/teams/${teamId}/members`, { userId: who.member.userId });
    expect(res.status).toBe(200);
    await waitFor(() => memberOnB.sees(teamId), 3000, 'the team in the member’s list on B');
    const live = await say(ownerOnA, who.owner, teamId, 'welcome');
    await waitFor(() => memberOnB.ids().has(live.message.id), 3000, 'the owner’s message on B');
    const reply = await say(memberOnB, who.member, teamId, 'thanks');
    expect(reply.ok).toBe(true);
    await waitFor(() => ownerOnA.ids().has(reply.message.id), 3000, 'the member’s reply on A');
    // The history is theirs too: the team's conversation holds the message sent before they joined.
    const conversation = await who.member.http.post('/api/chat/conversation', {
      teamId,
      type: 'team',
      ownerId: who.member.accountId,
    });
    expect(conversation.status).toBeLessThan(300);
    const history = await who.member.http.get(`/api/chat/message/${conversation.json._id}`);
    expect(JSON.stringify(history.json)).toContain('before you came');
    expect(memberOnB.socket.connected).toBe(true);
  });

  it('a member removed on A leaves the room on B at once and can no longer send to it', async () => {
    const ownerOnA = await socketOn(a, who.owner.http.jar);
    const memberOnB = await socketOn(b, who.member.http.jar);
    const adminOnB = await socketOn(b, who.admin.http.jar);
    const teamId = await newTeam('Support');
    await who.owner.http.post(`/api/teams/${teamId}/members`, { userId: who.member.userId });
    await waitFor(() => memberOnB.sees(teamId), 3000, 'the team on B');

    const res = await who.owner.http.request('DELETE', `/api/teams/${teamId}/members/${who.member.userId}`);
    expect(res.status).toBe(200);
    await waitFor(() => !memberOnB.sees(teamId), 3000, 'the team gone from the member’s list on B');
    const after = await say(ownerOnA, who.owner, teamId, 'not for you');
    // The admin on the same instance still sees every team: once it has the message, the member would have too.
    await waitFor(() => adminOnB.ids().has(after.message.id), 3000, 'the admin on B to get it');
    await sleep(100);
    expect(memberOnB.ids().has(after.message.id)).toBe(false);
    const refused = await say(memberOnB, who.member, teamId, 'let me in');
    expect(refused.ok).toBe(false);
    expect(['FORBIDDEN', 'NOT_FOUND']).toContain(refused.error.code);
    expect(memberOnB.socket.connected).toBe(true);
  });

  it('deleting a team on A takes every viewer on B out of it: members and admins alike', async () => {
    const memberOnB = await socketOn(b, who.member.http.jar);
    const adminOnB = await socketOn(b, who.admin.http.jar);
    const teamId = await newTeam('Temporary');
    await who.owner.http.post(`/api/teams/${teamId}/members`, { userId: who.member.userId });
    // The admin sees a new team without being added: owners and admins see every team of their account.
    await waitFor(() => memberOnB.sees(teamId) && adminOnB.sees(teamId), 3000, 'the team on B for both');

    const res = await who.owner.http.request('DELETE', `/api/teams/${teamId}`);
    expect(res.status).toBe(200);
    await waitFor(() => !memberOnB.sees(teamId) && !adminOnB.sees(teamId), 3000, 'the team gone on B');
    for (const [s, u] of [
      [memberOnB, who.member],
      [adminOnB, who.admin],
    ] as const) {
      const refused = await say(s, u, teamId, 'anyone?');
      expect(refused.ok).toBe(false);
      expect(s.socket.connected).toBe(true);
    }
  });
});
