import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import * as schema from '@majlis/core/db/schema/index';
import { DEMO_EMAILS, DEMO_STAFF_EMAILS } from '@majlis/core/demo/seed-demo';
import { createRuntime, type Runtime } from '@majlis/core/runtime';
import { createTestDatabase, drivers, type TestDatabase, testConfig } from '@majlis/core/testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.ts';
import { TestClient } from './client.ts';

/**
 * Issue 12, recordings: who sees, manages and downloads them (per role, across accounts, by share link), the same 404
 * for every refusal, deletion freeing the room's storage at once, downloads counted once per user or link.
 */
const PASSWORD = 'Demo-password-1';
const VIDEO = 'https://media.example.test/rec/video-0.m4v';
const PAGE = 'https://media.example.test/playback/presentation/2.3/rec';

/** A BigBlueButton stand-in that answers publishRecordings/deleteRecordings (or fails them on demand). */
class FakeBbb {
  calls: { call: string; params: Record<string, string> }[] = [];
  mode: 'ok' | 'fail' | 'notFound' = 'ok';
  private server: Server | null = null;
  url = '';
  async start() {
    this.server = createServer((req, res) => {
      const u = new URL(req.url ?? '/', 'http://x');
      const call = u.pathname.replace(/^\/bigbluebutton\/api\/?/, '');
      this.calls.push({ call, params: Object.fromEntries(u.searchParams) });
      res.writeHead(200, { 'content-type': 'text/xml' });
      if (this.mode === 'fail')
        return res.end(
          '<response><returncode>FAILED</returncode><messageKey>x</messageKey><message>down</message></response>',
        );
      if (this.mode === 'notFound')
        return res.end(
          '<response><returncode>FAILED</returncode><messageKey>notFound</messageKey><message>We could not find recordings</message></response>',
        );
      res.end(
        '<response><returncode>SUCCESS</returncode><published>true</published><deleted>true</deleted></response>',
      );
    });
    const server = this.server;
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/bigbluebutton`;
  }
  async stop() {
    await new Promise((r) => this.server?.close(r));
  }
}

describe.each(drivers)('recordings on %s', (driver) => {
  let database: TestDatabase;
  let runtime: Runtime;
  let server: Server;
  let url = '';
  let config: ReturnType<typeof testConfig>;
  const bbb = new FakeBbb();
  const ids: Record<string, string> = {};
  let instId = '';
  let soloAccountId = '';
  let roomId = '';
  let meetingId = '';
  let soloMeetingId = '';
  let seq = 0;

  const http = () => new TestClient((u, init) => fetch(u, init), url);
  const signedIn = async (email: string) => {
    const c = http();
    expect((await c.login(email, PASSWORD)).status).toBe(200);
    return c;
  };
  const anonymous = async () => {
    const c = http();
    await c.csrf();
    return c;
  };
  const put = (c: TestClient, path: string, body: unknown) => c.request('PUT', path, { body });
  const del = (c: TestClient, path: string) => c.request('DELETE', path);

  /** A recording of a meeting, straight into the table (the provider side is helper work of its own). */
  const addRecording = async (over: Partial<typeof schema.recordings.$inferInsert> = {}) => {
    const [r] = await runtime.db
      .insert(schema.recordings)
      .values({
        accountId: instId,
        roomId,
        meetingId,
        provider: 'bbb',
        providerRecordId: `rec-${randomUUID()}`,
        name: `Lecture ${++seq}`,
        startTime: new Date(Date.UTC(2026, 10, 20, 9, 0)),
        endTime: new Date(Date.UTC(2026, 10, 20, 10, 30)),
        sizeBytes: 300,
        formats: [
          { type: 'presentation', url: PAGE },
          { type: 'video', url: VIDEO },
        ],
        participants: 4,
        published: true,
        ...over,
      })
      .returning();
    if (!r) throw new Error('no recording');
    return r;
  };
  const usedBytes = async (id = roomId) =>
    (await runtime.db.select().from(schema.rooms).where(eq(schema.rooms.id, id)))[0]?.usedBytes;
  const setAllowDownload = (allow: boolean, id = meetingId) =>
    runtime.db.update(schema.meetings).set({ allowDownload: allow }).where(eq(schema.meetings.id, id));

  beforeAll(async () => {
    await bbb.start();
    server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    config = testConfig({ PUBLIC_URL: url, LOG_LEVEL: 'silent', BBB_URL: bbb.url, BBB_SECRET: 'fake-secret' });
    database = await createTestDatabase(driver, { seeded: true });
    runtime = await createRuntime(config, { database });
    server.on('request', getRequestListener(createApp(runtime).fetch));
    const users = await runtime.db.select().from(schema.users);
    for (const [k, email] of Object.entries({ ...DEMO_EMAILS, ...DEMO_STAFF_EMAILS })) {
      ids[k] = users.find((u) => u.email === email)?.id as string;
    }
    const accounts = await runtime.db.select().from(schema.accounts);
    instId = accounts.find((a) => a.kind === 'inst')?.id as string;
    soloAccountId = accounts.find((a) => a.kind === 'indv' && a.ownerUserId === ids.solo)?.id as string;
    const [room] = await runtime.db
      .insert(schema.rooms)
      .values({ accountId: instId, name: 'Recording hall', type: 'bbb', usedBytes: 1000 })
      .returning();
    roomId = room?.id as string;
    const meeting = (accountId: string, room: string, owner: string, number: string, name: string) =>
      runtime.db
        .insert(schema.meetings)
        .values({
          accountId,
          roomId: room,
          ownerUserId: owner,
          number,
          name,
          kind: 'permanent',
          timeZone: 'Africa/Cairo',
          durationMinutes: 60,
          status: 'finished',
        })
        .returning();
    meetingId = (await meeting(instId, roomId, ids.owner as string, '9120000001', 'Weekly review'))[0]?.id as string;
    const [soloRoom] = await runtime.db
      .insert(schema.rooms)
      .values({ accountId: soloAccountId, name: 'Solo room', type: 'bbb', usedBytes: 500 })
      .returning();
    soloMeetingId = (
      await meeting(soloAccountId, soloRoom?.id as string, ids.solo as string, '9120000002', 'Solo talk')
    )[0]?.id as string;
    // The member attended the institution's meeting; huda (member2) did not.
    await runtime.db.insert(schema.attendance).values({
      meetingId,
      session: 's1',
      providerUserId: 'p1',
      userId: ids.member,
      name: 'Member',
      role: 'VIEWER',
      joinedAt: new Date(Date.UTC(2026, 10, 20, 9, 5)),
    });
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((r) => server?.close(r));
    await bbb.stop();
    await runtime?.close();
    await database?.drop();
    config?.cleanup();
  });

  it('shows a published recording to managers and to the member who attended; not to others, with one 404 body', async () => {
    const rec = await addRecording();
    const path = `/api/recordings/${rec.id}`;
    for (const email of [DEMO_EMAILS.owner, DEMO_EMAILS.admin]) {
      const view = await (await signedIn(email)).get(path);
      expect(view.status).toBe(200);
      expect(view.json.recording).toMatchObject({
        id: rec.id,
        canManage: true,
        canDownload: true,
        durationSeconds: 5400,
        meeting: { id: meetingId, name: 'Weekly review' },
        room: { id: roomId, name: 'Recording hall' },
        formats: ['presentation', 'video'],
      });
      expect(view.json.playback).toEqual({ type: 'video', url: VIDEO });
    }
    const member = await (await signedIn(DEMO_EMAILS.member)).get(path);
    expect(member.status).toBe(200);
    expect(member.json.recording).toMatchObject({ canManage: false, canDownload: false });
    expect(member.json.shareUrl).toBeNull();

    const refusals = [
      await (await signedIn(DEMO_STAFF_EMAILS.member2)).get(path),
      await (await signedIn(DEMO_EMAILS.solo)).get(path),
      await (await anonymous()).get(path),
      await (await signedIn(DEMO_EMAILS.owner)).get(`/api/recordings/${randomUUID()}`),
      await (await signedIn(DEMO_EMAILS.owner)).get('/api/recordings/not-a-uuid'),
    ];
    for (const r of refusals) {
      expect(r.status).toBe(404);
      expect(r.text).toBe(refusals[0]?.text);
    }
    expect(refusals[0]?.json.code).toBe('RECORDING_NOT_FOUND');
    expect(refusals[0]?.json.errorMessage.en).toMatch(/This recording does not exist/);
    expect(refusals[0]?.json.errorMessage.ar).toMatch(/[\u0600-\u06ff]/);
    // A link that opens nothing says so (issue 25), with one body too: for this recording and for none at all.
    const byLink = [
      await (await anonymous()).get(`${path}?t=${'x'.repeat(32)}`),
      await (await anonymous()).get(`/api/recordings/${randomUUID()}?t=${'x'.repeat(32)}`),
    ];
    for (const r of byLink) {
      expect(r.status).toBe(404);
      expect(r.json.code).toBe('RECORDING_LINK_INVALID');
      expect(r.text).toBe(byLink[0]?.text);
    }
  });

  it('answers 404 across accounts with the same body, and for writes by participants', async () => {
    const [soloRec] = await runtime.db
      .insert(schema.recordings)
      .values({
        accountId: soloAccountId,
        roomId: (await runtime.db.select().from(schema.meetings).where(eq(schema.meetings.id, soloMeetingId)))[0]
          ?.roomId as string,
        meetingId: soloMeetingId,
        provider: 'bbb',
        providerRecordId: `rec-${randomUUID()}`,
        name: 'Solo recording',
        formats: [{ type: 'video', url: VIDEO }],
      })
      .returning();
    const owner = await signedIn(DEMO_EMAILS.owner);
    const unknown = await owner.get(`/api/recordings/${randomUUID()}`);
    const cross = await owner.get(`/api/recordings/${soloRec?.id}`);
    expect(cross.status).toBe(404);
    expect(cross.text).toBe(unknown.text);
    expect((await put(owner, `/api/recordings/${soloRec?.id}`, { name: 'Mine now' })).text).toBe(unknown.text);
    expect((await del(owner, `/api/recordings/${soloRec?.id}`)).text).toBe(unknown.text);
    expect((await owner.post(`/api/recordings/${soloRec?.id}/share`)).text).toBe(unknown.text);
    expect((await owner.post(`/api/recordings/${soloRec?.id}/downloads`, {})).text).toBe(unknown.text);
    const solo = await signedIn(DEMO_EMAILS.solo);
    expect((await solo.get(`/api/recordings/${soloRec?.id}`)).json.recording.canManage).toBe(true);
    const list = await owner.get('/api/recordings?pageSize=100');
    expect(list.json.recordings.map((r: { id: string }) => r.id)).not.toContain(soloRec?.id);

    // A participant may not manage: the same 404 for every write.
    const rec = await addRecording();
    const member = await signedIn(DEMO_EMAILS.member);
    for (const r of [
      await put(member, `/api/recordings/${rec.id}`, { name: 'Renamed' }),
      await del(member, `/api/recordings/${rec.id}`),
      await member.post(`/api/recordings/${rec.id}/share`),
    ]) {
      expect(r.status).toBe(404);
      expect(r.text).toBe(unknown.text);
    }
  });

  it('hides unpublished recordings from participants and link holders; managers still see them', async () => {
    const rec = await addRecording({ published: false, shareToken: 'a'.repeat(32) });
    expect((await (await signedIn(DEMO_EMAILS.owner)).get(`/api/recordings/${rec.id}`)).json.recording.published).toBe(
      false,
    );
    expect((await (await signedIn(DEMO_EMAILS.member)).get(`/api/recordings/${rec.id}`)).status).toBe(404);
    expect((await (await anonymous()).get(`/api/recordings/${rec.id}?t=${'a'.repeat(32)}`)).status).toBe(404);
    const memberList = await (await signedIn(DEMO_EMAILS.member)).get(`/api/recordings?meetingId=${meetingId}`);
    expect(memberList.json.recordings.map((r: { id: string }) => r.id)).not.toContain(rec.id);
    const ownerList = await (await signedIn(DEMO_EMAILS.owner)).get(`/api/recordings?meetingId=${meetingId}`);
    expect(ownerList.json.recordings.map((r: { id: string }) => r.id)).toContain(rec.id);
  });

  it('lists by search, day range and meeting, newest first, with paging; invitees from another account see it too', async () => {
    const older = await addRecording({ name: 'Budget 50%_plan', startTime: new Date(Date.UTC(2026, 9, 1, 8)) });
    const newer = await addRecording({ name: 'Budget review', startTime: new Date(Date.UTC(2026, 9, 2, 21, 30)) });
    const owner = await signedIn(DEMO_EMAILS.owner);
    const found = await owner.get(`/api/recordings?q=${encodeURIComponent('budget')}`);
    expect(found.json.recordings.map((r: { id: string }) => r.id)).toEqual([newer.id, older.id]);
    expect(found.json.total).toBe(2);
    // % and _ are searched for literally.
    const literal = await owner.get(`/api/recordings?q=${encodeURIComponent('50%_')}`);
    expect(literal.json.recordings.map((r: { id: string }) => r.id)).toEqual([older.id]);
    expect((await owner.get(`/api/recordings?q=${encodeURIComponent('%')}`)).json.total).toBe(1);
    // Meeting name matches too.
    expect((await owner.get(`/api/recordings?q=weekly&pageSize=100`)).json.total).toBeGreaterThanOrEqual(2);
    // 21:30 UTC on 2 Oct is 3 Oct in Cairo (the profile's zone): the day range follows the reader's clock.
    await runtime.db
      .update(schema.users)
      .set({ timeZone: 'Africa/Cairo' })
      .where(eq(schema.users.id, ids.owner as string));
    const cairo = await signedIn(DEMO_EMAILS.owner);
    const oct3 = await cairo.get('/api/recordings?from=2026-10-03&to=2026-10-03');
    expect(oct3.json.recordings.map((r: { id: string }) => r.id)).toEqual([newer.id]);
    const oct1 = await cairo.get('/api/recordings?from=2026-10-01&to=2026-10-02');
    expect(oct1.json.recordings.map((r: { id: string }) => r.id)).toEqual([older.id]);
    expect((await cairo.get('/api/recordings?from=2026-10-05&to=2026-10-01')).status).toBe(400);
    expect((await cairo.get('/api/recordings?from=2026-13-45')).status).toBe(400);
    const page2 = await owner.get(`/api/recordings?meetingId=${meetingId}&page=2&pageSize=1`);
    expect(page2.json).toMatchObject({ page: 2, pageSize: 1 });
    expect(page2.json.recordings).toHaveLength(1);
    expect(page2.json.total).toBeGreaterThan(2);
    expect((await owner.get('/api/recordings?pageSize=1000')).status).toBe(400);

    // The solo user is invited (by e-mail) to the institution's meeting: they see its published recordings.
    const solo = await signedIn(DEMO_EMAILS.solo);
    expect((await solo.get(`/api/recordings?meetingId=${meetingId}`)).json.total).toBe(0);
    await runtime.db
      .insert(schema.invitations)
      .values({ meetingId, email: DEMO_EMAILS.solo.toUpperCase(), locale: 'en' });
    const invited = await solo.get(`/api/recordings?meetingId=${meetingId}&pageSize=100`);
    expect(invited.json.recordings.map((r: { id: string }) => r.id)).toContain(newer.id);
    expect(
      invited.json.recordings.every((r: { canManage: boolean; published: boolean }) => !r.canManage && r.published),
    ).toBe(true);
    expect((await solo.get(`/api/recordings/${newer.id}`)).status).toBe(200);
    // The member who did not attend sees none of them; the member who did sees them, unmanaged.
    const huda = await signedIn(DEMO_STAFF_EMAILS.member2);
    expect((await huda.get(`/api/recordings?meetingId=${meetingId}`)).json.total).toBe(0);
    const member = await (await signedIn(DEMO_EMAILS.member)).get(`/api/recordings?q=budget`);
    expect(member.json.recordings.map((r: { canManage: boolean }) => r.canManage)).toEqual([false, false]);
    expect((await (await anonymous()).get('/api/recordings')).status).toBe(401);
  });

  it('renames with the string rules (bilingual 400s) and publishes on the provider first', async () => {
    const rec = await addRecording();
    const owner = await signedIn(DEMO_EMAILS.owner);
    const path = `/api/recordings/${rec.id}`;
    for (const name of ['', '   ', 'x'.repeat(201), 'bad\u0007name', 'two\nlines']) {
      const res = await put(owner, path, { name });
      expect(res.status).toBe(400);
      expect(res.json.code).toBe('VALIDATION_FAILED');
      expect(res.json.fields.name.en).toBeTruthy();
      expect(res.json.fields.name.ar).toMatch(/[\u0600-\u06ff]/);
    }
    expect((await put(owner, path, {})).status).toBe(400);
    const renamed = await put(owner, path, { name: '  محاضرة الاثنين  ' });
    expect(renamed.status).toBe(200);
    expect(renamed.json.recording.name).toBe('محاضرة الاثنين');

    bbb.calls = [];
    const unpublished = await put(owner, path, { published: false });
    expect(unpublished.json.recording.published).toBe(false);
    expect(bbb.calls.map((c) => [c.call, c.params.recordID, c.params.publish])).toEqual([
      ['publishRecordings', rec.providerRecordId, 'false'],
    ]);
    // The provider fails: 503, nothing stored changes.
    bbb.mode = 'fail';
    const failed = await put(owner, path, { published: true, name: 'Not stored' });
    bbb.mode = 'ok';
    expect(failed.status).toBe(503);
    expect(failed.json.code).toBe('PROVIDER_UNAVAILABLE');
    const [row] = await runtime.db.select().from(schema.recordings).where(eq(schema.recordings.id, rec.id));
    expect(row).toMatchObject({ published: false, name: 'محاضرة الاثنين' });
    const audit = await runtime.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.target, rec.id)));
    expect(audit.map((a) => a.action).sort()).toEqual(['recording.rename', 'recording.unpublish']);
  });

  it('deletes on the provider, drops the room’s used storage at once, and answers 404 after', async () => {
    const rec = await addRecording({ sizeBytes: 400 });
    const before = Number(await usedBytes());
    const admin = await signedIn(DEMO_EMAILS.admin);
    bbb.mode = 'fail';
    expect((await del(admin, `/api/recordings/${rec.id}`)).status).toBe(503);
    expect(Number(await usedBytes())).toBe(before);
    bbb.mode = 'notFound'; // already gone on the provider: counts as deleted
    bbb.calls = [];
    const gone = await del(admin, `/api/recordings/${rec.id}`);
    bbb.mode = 'ok';
    expect(gone.status).toBe(200);
    expect(gone.json).toEqual({ ok: true });
    expect(bbb.calls[0]).toMatchObject({ call: 'deleteRecordings', params: { recordID: rec.providerRecordId } });
    expect(Number(await usedBytes())).toBe(before - 400);
    const again = await del(admin, `/api/recordings/${rec.id}`);
    expect(again.status).toBe(404);
    expect(again.json.code).toBe('RECORDING_NOT_FOUND');
    expect((await admin.get(`/api/recordings/${rec.id}`)).status).toBe(404);
    expect(
      (await admin.get(`/api/meetings/${meetingId}/recordings`)).json.recordings.map((r: { id: string }) => r.id),
    ).not.toContain(rec.id);
    // Never below zero.
    const huge = await addRecording({ sizeBytes: 10 ** 12 });
    expect((await del(admin, `/api/recordings/${huge.id}`)).status).toBe(200);
    expect(Number(await usedBytes())).toBe(0);
    const [audit] = await runtime.db.select().from(schema.auditLog).where(eq(schema.auditLog.target, rec.id));
    expect(audit?.action).toBe('recording.delete');
  });

  it('changes a recording of a provider this server is not connected to in Majlis only (publish, delete)', async () => {
    // Zoom is not set up in this suite: nothing to tell, so publishing and deleting do not wait for it.
    const rec = await addRecording({ provider: 'zoom', sizeBytes: 50 });
    const owner = await signedIn(DEMO_EMAILS.owner);
    bbb.calls = [];
    const hidden = await put(owner, `/api/recordings/${rec.id}`, { published: false });
    expect(hidden.status).toBe(200);
    expect(hidden.json.recording.published).toBe(false);
    const before = Number(await usedBytes());
    expect((await del(owner, `/api/recordings/${rec.id}`)).status).toBe(200);
    expect(Number(await usedBytes())).toBe(Math.max(0, before - 50));
    expect(bbb.calls).toEqual([]);
  });

  it('counts a download once per user and once per link token; allowDownload off is for managers only', async () => {
    const rec = await addRecording();
    const path = `/api/recordings/${rec.id}/downloads`;
    const member = await signedIn(DEMO_EMAILS.member);
    const owner = await signedIn(DEMO_EMAILS.owner);
    await setAllowDownload(false);
    const refused = await member.post(path, {});
    expect(refused.status).toBe(404);
    expect(refused.json.code).toBe('RECORDING_NOT_FOUND');
    expect((await owner.post(path, {})).json).toEqual({ url: VIDEO, downloads: 1 });
    expect((await owner.post(path, {})).json).toEqual({ url: VIDEO, downloads: 1 });
    await setAllowDownload(true);
    expect((await member.get(`/api/recordings/${rec.id}`)).json.recording.canDownload).toBe(true);
    expect((await member.post(path, {})).json.downloads).toBe(2);
    expect((await member.post(path, {})).json.downloads).toBe(2);

    const share = await owner.post(`/api/recordings/${rec.id}/share`);
    expect(share.status).toBe(200);
    expect(share.json.url).toMatch(new RegExp(`^${url}/recording/${rec.id}\\?t=[A-Za-z0-9_-]{32}$`));
    expect((await owner.post(`/api/recordings/${rec.id}/share`)).json.url).toBe(share.json.url);
    const ownerView = await owner.get(`/api/recordings/${rec.id}`);
    expect(ownerView.json.shareUrl).toBe(share.json.url);
    // One clock: the signed-in reader's profile zone; a visitor's device zone (null here).
    const info = (await owner.get('/api/user/info')).json.info;
    expect(info.timeZone).toEqual(expect.any(String));
    expect(ownerView.json.timeZone).toBe(info.timeZone);
    const token = new URL(share.json.url).searchParams.get('t') as string;
    const visitor = await anonymous();
    const seen = await visitor.get(`/api/recordings/${rec.id}?t=${token}`);
    expect(seen.status).toBe(200);
    expect(seen.json.recording).toMatchObject({ canManage: false, canDownload: true });
    expect(seen.json.shareUrl).toBeNull();
    expect(seen.json.timeZone).toBeNull();
    expect((await visitor.post(path, { t: token })).json.downloads).toBe(3);
    expect((await (await anonymous()).post(path, { t: token })).json.downloads).toBe(3);
    expect((await visitor.post(path, {})).status).toBe(404);
    expect((await visitor.post(path, { t: 'b'.repeat(32) })).status).toBe(404);
    // Signed in through the link (not a participant): counted as that user.
    const huda = await signedIn(DEMO_STAFF_EMAILS.member2);
    expect((await huda.get(`/api/recordings/${rec.id}`)).status).toBe(404);
    expect((await huda.post(path, { t: token })).json.downloads).toBe(4);
    const rows = await runtime.db
      .select()
      .from(schema.recordingDownloads)
      .where(eq(schema.recordingDownloads.recordingId, rec.id));
    expect(rows.map((r) => r.downloader).sort()).toEqual(
      [`link:${token}`, `user:${ids.member}`, `user:${ids.owner}`, `user:${ids.member2}`].sort(),
    );

    // A presentation-only recording has nothing to download, even for managers.
    const pageOnly = await addRecording({ formats: [{ type: 'presentation', url: PAGE }] });
    expect((await owner.get(`/api/recordings/${pageOnly.id}`)).json).toMatchObject({
      recording: { canDownload: false },
      playback: { type: 'presentation', url: PAGE },
    });
    expect((await owner.post(`/api/recordings/${pageOnly.id}/downloads`, {})).status).toBe(404);
    await setAllowDownload(false);
  });

  it('issue 25: unpublishing revokes the share link; published again, a new link works and the old one says so', async () => {
    const rec = await addRecording({ provider: 'zoom' });
    const owner = await signedIn(DEMO_EMAILS.owner);
    const path = `/api/recordings/${rec.id}`;
    const first = (await owner.post(`${path}/share`)).json.url as string;
    const old = new URL(first).searchParams.get('t') as string;
    expect((await (await anonymous()).get(`${path}?t=${old}`)).status).toBe(200);

    expect((await put(owner, path, { published: false })).status).toBe(200);
    expect((await owner.get(path)).json.shareUrl).toBeNull();
    const [row] = await runtime.db.select().from(schema.recordings).where(eq(schema.recordings.id, rec.id));
    expect(row?.shareToken).toBeNull();
    expect((await put(owner, path, { published: true })).status).toBe(200);

    const gone = await (await anonymous()).get(`${path}?t=${old}`);
    expect(gone.status).toBe(404);
    expect(gone.json.code).toBe('RECORDING_LINK_INVALID');
    expect(gone.json.errorMessage.en).toMatch(/no longer opens the recording/);
    expect(gone.json.errorMessage.ar).toMatch(/لم يعد هذا الرابط/);
    const download = await (await anonymous()).post(`${path}/downloads`, { t: old });
    expect(download.status).toBe(404);
    expect(download.json.code).toBe('RECORDING_LINK_INVALID');

    const second = (await owner.post(`${path}/share`)).json.url as string;
    expect(second).not.toBe(first);
    const fresh = new URL(second).searchParams.get('t') as string;
    expect((await (await anonymous()).get(`${path}?t=${fresh}`)).status).toBe(200);
    expect((await (await anonymous()).get(`${path}?t=${old}`)).json.code).toBe('RECORDING_LINK_INVALID');
  });

  it('lets the play page frame the provider’s playback and play its video; nothing else frames or is framed', async () => {
    const csp = (res: Response) =>
      new Map(
        (res.headers.get('content-security-policy') ?? '')
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .map(([name, ...values]) => [name as string, values]),
      );
    const bbbOrigin = new URL(bbb.url).origin;
    const page = await fetch(`${url}/api/recordings/${randomUUID()}`);
    expect(csp(page).get('frame-src')).toEqual(["'self'", bbbOrigin]);
    expect(csp(page).get('media-src')).toContain(bbbOrigin);
    expect(csp(page).get('frame-ancestors')).toEqual(["'none'"]);
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    // Our own demo playback (public/demo/) may be framed by our page only.
    const demo = await fetch(`${url}/demo/presentation.html`);
    expect(csp(demo).get('frame-ancestors')).toEqual(["'self'"]);
    expect(demo.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });
});
