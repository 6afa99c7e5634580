import * as schema from '@majlis/core/db/schema/index';
import { createRuntime, type Runtime } from '@majlis/core/runtime';
import { createTestDatabase, drivers, type TestDatabase, testConfig } from '@majlis/core/testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.ts';
import { TestClient } from './client.ts';

const PASSWORD = 'Demo-password-1';
let seq = 0;
const unique = (base: string) => `${base} ${++seq}`;

/** Team setup (issue 11): routes × roles, tenant isolation, the §5 error shape, audit rows and the write limit. */
describe.each(drivers)('teams management on %s', (driver) => {
  let database: TestDatabase;
  let runtime: Runtime;
  let app: ReturnType<typeof createApp>;
  const config = testConfig({ TRUST_PROXY: '1', RATE_TEAM_WRITES_HOUR: '60' });
  const client = () => new TestClient((url, init) => app.request(url, init));
  const as: Record<string, TestClient> = {};
  const ids: Record<string, string> = {};
  let foreignTeam = '';

  async function signIn(email: string) {
    const c = client();
    const res = await c.login(email, PASSWORD);
    expect(res.status).toBe(200);
    return { c, userId: res.json.user.id as string, accountId: res.json.user.ownerId as string };
  }

  beforeAll(async () => {
    database = await createTestDatabase(driver, { seeded: true });
    runtime = await createRuntime(config, { database });
    app = createApp(runtime);
    for (const role of ['owner', 'admin', 'member', 'solo'] as const) {
      const s = await signIn(`${role}@demo.test`);
      as[role] = s.c;
      ids[role] = s.userId;
      ids[`${role}Account`] = s.accountId;
    }
    // A team of another account, for the 404s.
    const [t] = await runtime.db
      .insert(schema.teams)
      .values({ accountId: ids.soloAccount as string, name: 'Elsewhere' })
      .returning({ id: schema.teams.id });
    foreignTeam = t?.id as string;
  });
  afterAll(async () => {
    await runtime?.close();
    await database?.drop();
    config.cleanup();
  });

  /** A visitor with a fresh CSRF token (a 401 answer clears the visitor's cookies). */
  const anon = async () => {
    const c = client();
    await c.csrf();
    return c;
  };
  const create = (c: TestClient, teamName: string) => c.post('/api/teams', { teamName });

  it('owner and admin create teams; member, solo owner and anonymous cannot', async () => {
    for (const role of ['owner', 'admin']) {
      const name = unique(`فريق ${role}`);
      const res = await create(as[role] as TestClient, name);
      expect(res.status).toBe(201);
      expect(res.json).toMatchObject({ teamName: name, members: [] });
    }
    expect((await create(as.member as TestClient, unique('x'))).status).toBe(403);
    expect((await create(as.solo as TestClient, unique('x'))).status).toBe(403);
    expect((await create(await anon(), unique('x'))).status).toBe(401);
    // The member is refused before their body is read: no validation detail either.
    expect((await (as.member as TestClient).post('/api/teams', {})).status).toBe(403);
  });

  it('the list and the candidates are for owners and admins only', async () => {
    const list = await (as.admin as TestClient).get('/api/teams/manage');
    expect(list.status).toBe(200);
    const demo = list.json.teams.find((t: { teamName: string }) => t.teamName === 'فريق التصميم');
    expect(demo.members.map((m: { userId: string }) => m.userId).sort()).toEqual([ids.admin, ids.member].sort());
    expect(list.json.teams.some((t: { _id: string }) => t._id === foreignTeam)).toBe(false);
    const candidates = await (as.owner as TestClient).get('/api/teams/candidates');
    expect(candidates.json.users.map((u: { userId: string }) => u.userId)).toEqual(
      expect.arrayContaining([ids.owner, ids.admin, ids.member]),
    );
    expect(candidates.json.users.some((u: { userId: string }) => u.userId === ids.solo)).toBe(false);
    for (const role of ['member', 'solo']) {
      expect((await (as[role] as TestClient).get('/api/teams/manage')).status).toBe(403);
      expect((await (as[role] as TestClient).get('/api/teams/candidates')).status).toBe(403);
    }
    expect((await (await anon()).get('/api/teams/manage')).status).toBe(401);
  });

  it('refuses an empty, blank or over-long name in the §5 shape, in both languages', async () => {
    for (const teamName of ['', '   ']) {
      const res = await create(as.owner as TestClient, teamName);
      expect(res.status).toBe(400);
      expect(res.json.code).toBe('VALIDATION_FAILED');
      expect(res.json.fields.teamName).toEqual({ ar: 'أدخل اسم الفريق', en: 'Enter the team name' });
    }
    const long = await create(as.owner as TestClient, 'x'.repeat(101));
    expect(long.json.fields.teamName.en).toMatch(/too long/);
    const extra = await (as.owner as TestClient).post('/api/teams', { teamName: 'ok', members: [] });
    expect(extra.status).toBe(400);
  });

  it('names are unique per account without case: 409 with a clear message, rename too', async () => {
    const name = unique('Sales');
    expect((await create(as.owner as TestClient, name)).status).toBe(201);
    const again = await create(as.admin as TestClient, name.toUpperCase());
    expect(again.status).toBe(409);
    expect(again.json.code).toBe('TEAM_NAME_TAKEN');
    expect(again.json.fields.teamName.en).toBe('A team with this name already exists');
    expect(again.json.fields.teamName.ar).toBe('يوجد فريق بهذا الاسم بالفعل');
    // Another account may use the same name.
    const other = await create(as.owner as TestClient, 'Elsewhere');
    expect(other.status).toBe(201);
    const renamed = await (as.owner as TestClient).request('PUT', `/api/teams/${other.json._id}`, {
      body: { teamName: name },
    });
    expect(renamed.status).toBe(409);
    // Renaming a team to its own name in another case is not a clash with itself.
    const self = await (as.owner as TestClient).request('PUT', `/api/teams/${other.json._id}`, {
      body: { teamName: 'ELSEWHERE' },
    });
    expect(self.status).toBe(200);
    expect(self.json.teamName).toBe('ELSEWHERE');
  });

  it('rename, members and delete: per role, 404 across accounts, audit rows', async () => {
    const team = (await create(as.owner as TestClient, unique('Ops'))).json._id as string;
    const put = (c: TestClient, id: string, teamName: string) =>
      c.request('PUT', `/api/teams/${id}`, { body: { teamName } });
    expect((await put(as.admin as TestClient, team, unique('Ops renamed'))).status).toBe(200);
    expect((await put(as.member as TestClient, team, unique('no'))).status).toBe(403);
    expect((await put(as.solo as TestClient, team, unique('no'))).status).toBe(403);
    expect((await put(await anon(), team, unique('no'))).status).toBe(401);
    expect((await put(as.owner as TestClient, foreignTeam, unique('no'))).status).toBe(404);
    expect((await put(as.owner as TestClient, 'not-a-uuid', unique('no'))).status).toBe(404);

    const add = (c: TestClient, id: string, userId: string) => c.post(`/api/teams/${id}/members`, { userId });
    const added = await add(as.admin as TestClient, team, ids.member as string);
    expect(added.status).toBe(200);
    expect(added.json.members.map((m: { userId: string }) => m.userId)).toEqual([ids.member]);
    // Twice is not an error and not a second row.
    expect((await add(as.owner as TestClient, team, ids.member as string)).json.members).toHaveLength(1);
    // A user of another account is unknown here; so is a team of another account.
    expect((await add(as.owner as TestClient, team, ids.solo as string)).status).toBe(404);
    expect((await add(as.owner as TestClient, foreignTeam, ids.member as string)).status).toBe(404);
    expect((await add(as.member as TestClient, team, ids.admin as string)).status).toBe(403);
    expect((await add(as.solo as TestClient, team, ids.solo as string)).status).toBe(403);
    expect((await add(await anon(), team, ids.member as string)).status).toBe(401);
    const bad = await (as.owner as TestClient).post(`/api/teams/${team}/members`, { userId: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.json.fields.userId.en).toBe('Choose a user of your institution');

    const remove = (c: TestClient, id: string, userId: string) =>
      c.request('DELETE', `/api/teams/${id}/members/${userId}`);
    expect((await remove(as.member as TestClient, team, ids.member as string)).status).toBe(403);
    expect((await remove(await anon(), team, ids.member as string)).status).toBe(401);
    expect((await remove(as.owner as TestClient, foreignTeam, ids.member as string)).status).toBe(404);
    expect((await remove(as.owner as TestClient, team, ids.member as string)).status).toBe(200);
    expect((await remove(as.owner as TestClient, team, ids.member as string)).status).toBe(404);

    const del = (c: TestClient, id: string) => c.request('DELETE', `/api/teams/${id}`);
    expect((await del(as.member as TestClient, team)).status).toBe(403);
    expect((await del(as.solo as TestClient, team)).status).toBe(403);
    expect((await del(await anon(), team)).status).toBe(401);
    expect((await del(as.owner as TestClient, foreignTeam)).status).toBe(404);
    expect((await del(as.admin as TestClient, team)).status).toBe(200);
    expect((await del(as.admin as TestClient, team)).status).toBe(404);
    const [still] = await runtime.db.select().from(schema.teams).where(eq(schema.teams.id, foreignTeam));
    expect(still).toBeDefined();

    const audit = await runtime.db
      .select({ action: schema.auditLog.action, userId: schema.auditLog.userId, meta: schema.auditLog.meta })
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.target, team), eq(schema.auditLog.accountId, ids.ownerAccount as string)));
    expect(audit.map((a) => a.action)).toEqual([
      'team.create',
      'team.rename',
      'team.member.add',
      'team.member.remove',
      'team.delete',
    ]);
    expect(audit[2]).toMatchObject({ userId: ids.admin, meta: { userId: ids.member } });
  });

  it('a member sees a team they were added to in GET /api/teams, and not once taken out', async () => {
    const team = (await create(as.owner as TestClient, unique('Field'))).json._id as string;
    const mine = async () =>
      (await (as.member as TestClient).get('/api/teams')).json.map((t: { _id: string }) => t._id);
    expect(await mine()).not.toContain(team);
    await (as.owner as TestClient).post(`/api/teams/${team}/members`, { userId: ids.member });
    expect(await mine()).toContain(team);
    // A team message the member keeps unread…
    const member = as.member as TestClient;
    const conversation = (
      await member.post('/api/chat/conversation', { type: 'team', teamId: team, ownerId: ids.ownerAccount })
    ).json._id as string;
    const sent = await (as.owner as TestClient).post('/api/chat/message', {
      text: 'hello team',
      conversationId: conversation,
      teamId: team,
    });
    expect(sent.status).toBeLessThan(300);
    const kept = await member.post('/api/chat/message/status/unread', {
      id: sent.json.id,
      conversationId: conversation,
      userId: ids.member,
      ownerId: ids.ownerAccount,
    });
    expect(kept.status).toBe(200);
    const unreadIds = async () =>
      (await member.get('/api/chat/message/status/unread')).json.map((m: { id: number }) => m.id);
    expect(await unreadIds()).toContain(sent.json.id);
    await (as.owner as TestClient).request('DELETE', `/api/teams/${team}/members/${ids.member}`);
    expect(await mine()).not.toContain(team);
    // …is no longer listed once they are taken out of the team.
    expect(await unreadIds()).not.toContain(sent.json.id);
  });

  it('team changes are limited per account (429 with the wait)', async () => {
    // The config allows 60 an hour; the tests above used some of them. Use the rest, then one more.
    let last = 0;
    for (let i = 0; i < 60 && last !== 429; i++) last = (await create(as.owner as TestClient, unique('Burst'))).status;
    expect(last).toBe(429);
    const res = await create(as.admin as TestClient, unique('Burst'));
    expect(res.status).toBe(429);
    expect(res.json.code).toBe('RATE_LIMITED');
  });
});
