import { randomUUID } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { PICTURE_MAX_BYTES } from '@majlis/contracts/profile';
import * as schema from '@majlis/core/db/schema/index';
import { DEMO_EMAILS } from '@majlis/core/demo/seed-demo';
import type { Runtime } from '@majlis/core/runtime';
import { drivers, testConfig } from '@majlis/core/testing';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { createApp } from '../src/app.ts';
import { TestClient } from './client.ts';
import { ChatClient, waitFor } from './realtime-client.ts';
import { startBff, type TestBff } from './server.ts';

const PASSWORD = 'Demo-password-1';
const NEW_PASSWORD = 'Another-long-pass-42';

/** A PNG that declares 10,000 × 10,000 pixels in a few dozen bytes: a decompression bomb, refused from its header. */
function pngBomb(side = 10_000): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, no filter, no interlace
  const sig = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    sig,
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe.each(drivers)('profile, picture, password, sessions and the institution on %s', (driver) => {
  let bff: TestBff;
  let runtime: Runtime;
  let url: string;
  let app: ReturnType<typeof createApp>;
  const config = testConfig({ LOG_LEVEL: 'silent' });
  const sockets: ChatClient[] = [];
  let instId: string;
  let passwordHash: string;

  const http = () => new TestClient((u, init) => fetch(u, init), url);
  async function signIn(email: string, password = PASSWORD) {
    const c = http();
    const res = await c.login(email, password);
    expect(res.status).toBe(200);
    return c;
  }
  /** A member of the demo institution of this test's own, so a changed password touches no other test. */
  async function newMember(tag: string) {
    const email = `${tag}-${randomUUID().slice(0, 8)}@profile.test`;
    const [user] = await runtime.db
      .insert(schema.users)
      .values({ email, passwordHash, fname: tag, lname: 'Test', phone: '+201001009999', locale: 'en' })
      .returning({ id: schema.users.id });
    await runtime.db
      .insert(schema.memberships)
      .values({ userId: user?.id as string, accountId: instId, role: 'member' });
    return { email, id: user?.id as string };
  }
  const cookieOf = (c: TestClient) => [...c.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const upload = (c: TestClient, bytes: Buffer, type = 'image/png') =>
    c.request('PUT', '/api/profile/picture', { raw: new Uint8Array(bytes), headers: { 'content-type': type } });
  const idOf = async (email: string) => {
    const [u] = await runtime.db
      .select({ id: schema.users.id })
      .from(schema.users)
      .where(eq(schema.users.email, email));
    return u?.id as string;
  };

  beforeAll(async () => {
    bff = await startBff({ mode: driver, config });
    ({ runtime, url, app } = bff);
    const [inst] = await runtime.db.select().from(schema.accounts).where(eq(schema.accounts.kind, 'inst'));
    instId = inst?.id as string;
    const [row] = await runtime.db
      .select({ hash: schema.users.passwordHash })
      .from(schema.users)
      .where(eq(schema.users.email, DEMO_EMAILS.owner));
    passwordHash = row?.hash as string;
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await bff?.stop();
  });

  describe('details', () => {
    const body = { fname: 'Layla', lname: 'Hassan', phone: '+20 100 123 4567', locale: 'en', timeZone: 'Asia/Riyadh' };

    it.each(['owner', 'admin', 'member', 'solo'] as const)('%s edits their own details', async (role) => {
      const c = await signIn(DEMO_EMAILS[role]);
      const res = await c.request('PUT', '/api/profile', { body: { ...body, fname: `Layla-${role}` } });
      expect(res.status).toBe(200);
      expect(res.json.user.fname).toBe(`Layla-${role}`);
      expect(res.json.info).toMatchObject({ phone: '+201001234567', locale: 'en', timeZone: 'Asia/Riyadh' });
      expect((await c.get('/api/user/info')).json.info.fname).toBe(`Layla-${role}`);
    });

    it('keeps the digit style chosen, whatever the language; unchosen, it follows the language', async () => {
      const c = await signIn(DEMO_EMAILS.admin);
      const plain = await c.request('PUT', '/api/profile', { body: { ...body, locale: 'ar' } });
      // Never chosen: null, and each page shows its language's own digits.
      expect(plain.json.info.digits).toBeNull();
      expect((await c.request('PUT', '/api/profile', { body })).json.info.digits).toBeNull();
      const latin = await c.request('PUT', '/api/profile', { body: { ...body, locale: 'ar', digits: 'latn' } });
      expect(latin.status).toBe(200);
      expect(latin.json.info).toMatchObject({ locale: 'ar', digits: 'latn' });
      expect((await c.get('/api/user/info')).json.info.digits).toBe('latn');
      // The storage line the dashboard shows follows it too.
      expect((await c.get('/api/account/storage')).json.results.data.message.ar).toMatch(
        /^استخدمت [0-9.]+٪ من [0-9]+ غيغابايت$/,
      );
      // And so do the error shape's words, the catalog's own digits included.
      const short = await c.request('POST', '/api/profile/password', {
        body: { currentPassword: 'x', newPassword: 'a' },
      });
      expect(short.status).toBe(400);
      expect(short.json.fields.newPassword.ar).toContain('(8 أحرف على الأقل)');
      // Left out, the saved style stays; another style is chosen the same way.
      expect((await c.request('PUT', '/api/profile', { body })).json.info.digits).toBe('latn');
      await c.request('PUT', '/api/profile', { body: { ...body, digits: 'arab' } });
      expect((await c.get('/api/user/info')).json.info).toMatchObject({ locale: 'en', digits: 'arab' });
      const bad = await c.request('PUT', '/api/profile', { body: { ...body, digits: 'roman' } });
      expect(bad.status).toBe(400);
      expect(bad.json.fields.digits.ar).toBeTruthy();
    });

    it('turns the chat digest e-mail off and on; left out, the saved choice stays', async () => {
      const c = await signIn(DEMO_EMAILS.member);
      expect((await c.get('/api/user/info')).json.info.chatDigest).toBe(true);
      const off = await c.request('PUT', '/api/profile', { body: { ...body, chatDigest: false } });
      expect(off.status).toBe(200);
      expect(off.json.info.chatDigest).toBe(false);
      expect((await c.request('PUT', '/api/profile', { body })).json.info.chatDigest).toBe(false);
      expect((await c.get('/api/user/info')).json.info.chatDigest).toBe(false);
      const bad = await c.request('PUT', '/api/profile', { body: { ...body, chatDigest: 'yes' } });
      expect(bad.status).toBe(400);
      expect(bad.json.fields.chatDigest.ar).toBeTruthy();
      await c.request('PUT', '/api/profile', { body: { ...body, chatDigest: true } });
      expect((await c.get('/api/user/info')).json.info.chatDigest).toBe(true);
    });

    it('refuses anonymous callers and bad fields in the error shape, with the register rule for the phone', async () => {
      const anon = http();
      await anon.csrf();
      expect((await anon.request('PUT', '/api/profile', { body })).status).toBe(401);
      const c = await signIn(DEMO_EMAILS.member);
      const res = await c.request('PUT', '/api/profile', {
        body: { ...body, fname: ' ', phone: '1001234567', timeZone: 'Mars/Olympus' },
      });
      expect(res.status).toBe(400);
      expect(res.json.fields.fname.en).toBe('Enter first name');
      expect(res.json.fields.phone.en).toMatch(/country code/);
      expect(res.json.fields.timeZone).toBeDefined();
    });
  });

  describe('picture', () => {
    const png = () =>
      sharp({ create: { width: 600, height: 400, channels: 3, background: '#3a7' } })
        .png()
        .toBuffer();

    it('is re-encoded to a small square, served with ETag and Cache-Control, 304 when unchanged', async () => {
      const c = await signIn(DEMO_EMAILS.member);
      const res = await upload(c, await png(), 'application/octet-stream');
      expect(res.status).toBe(200);
      const picture = res.json.picture as string;
      expect(picture).toMatch(/^\/api\/users\/[0-9a-f-]{36}\/picture\?v=/);
      expect((await c.get('/api/user/info')).json.info.picture).toBe(picture);
      const got = await fetch(`${url}${picture}`, { headers: { cookie: cookieOf(c) } });
      expect(got.status).toBe(200);
      expect(got.headers.get('content-type')).toBe('image/webp');
      expect(got.headers.get('cache-control')).toMatch(/max-age=\d+/);
      const etag = got.headers.get('etag') as string;
      expect(etag).toMatch(/^".+"$/);
      const meta = await sharp(Buffer.from(await got.arrayBuffer())).metadata();
      expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['webp', 256, 256, undefined]);
      const again = await fetch(`${url}${picture}`, { headers: { cookie: cookieOf(c), 'if-none-match': etag } });
      expect(again.status).toBe(304);
      expect(again.headers.get('etag')).toBe(etag);
    });

    it('is readable by people sharing an account, 404 to anyone else and for malformed ids', async () => {
      const member = await signIn(DEMO_EMAILS.member);
      await upload(member, await png());
      const memberId = await idOf(DEMO_EMAILS.member);
      const path = `/api/users/${memberId}/picture`;
      expect((await (await signIn(DEMO_EMAILS.owner)).get(path)).status).toBe(200);
      expect((await (await signIn(DEMO_EMAILS.admin)).get(path)).status).toBe(200);
      const solo = await signIn(DEMO_EMAILS.solo);
      expect((await solo.get(path)).status).toBe(404);
      expect((await solo.get('/api/users/not-an-id/picture')).status).toBe(404);
      expect((await solo.get(`/api/users/${await idOf(DEMO_EMAILS.solo)}/picture`)).status).toBe(404); // none yet
      expect((await http().get(path)).status).toBe(401);
    });

    it('refuses 1 MB + 1 byte with 413, a PDF named .png, and a 10,000 × 10,000 image bomb, fast', async () => {
      const c = await signIn(DEMO_EMAILS.admin);
      const big = Buffer.alloc(PICTURE_MAX_BYTES + 1);
      (await png()).copy(big);
      // In process: over TCP the server answers 413 before reading the body and the test's fetch would reuse the
      // half-written connection (a browser handles the early answer; the page also checks the size first).
      const inProcess = new TestClient((u, init) => app.request(u, init));
      for (const [k, v] of c.jar) inProcess.jar.set(k, v);
      const tooLarge = await upload(inProcess, big);
      expect(tooLarge.status).toBe(413);
      expect(tooLarge.json.code).toBe('PICTURE_TOO_LARGE');
      expect(tooLarge.json.errorMessage.en).toMatch(/1 MB/);
      expect(tooLarge.json.errorMessage.ar).toMatch(/ميغابايت/);

      const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
      const notImage = await upload(c, pdf, 'image/png');
      expect(notImage.status).toBe(400);
      expect(notImage.json.code).toBe('PICTURE_TYPE');
      expect(notImage.json.errorMessage.en).toMatch(/JPG or PNG/);

      const started = Date.now();
      const bomb = await upload(c, pngBomb());
      expect(Date.now() - started).toBeLessThan(2000);
      expect(bomb.status).toBe(400);
      expect(bomb.json.code).toBe('PICTURE_TOO_BIG_IMAGE');
      expect(bomb.json.errorMessage.ar).toBeTruthy();
      // Nothing was stored by any of them.
      expect((await c.get('/api/user/info')).json.info.picture).toBeNull();
    });

    it('needs a session and the CSRF header', async () => {
      const anon = http();
      await anon.csrf();
      expect((await upload(anon, await png())).status).toBe(401);
      const c = await signIn(DEMO_EMAILS.owner);
      const res = await c.request('PUT', '/api/profile/picture', { raw: new Uint8Array(await png()), csrf: false });
      expect(res.status).toBe(403);
    });
  });

  describe('password and sessions', () => {
    it('a wrong current password is a field error; the right one ends the OTHER sessions and cuts their sockets', async () => {
      const { email } = await newMember('pw');
      const here = await signIn(email);
      const there = await signIn(email);
      const socket = new ChatClient(url, there.jar);
      sockets.push(socket);
      await socket.connected();

      const wrong = await here.post('/api/profile/password', { currentPassword: 'nope', newPassword: NEW_PASSWORD });
      expect(wrong.status).toBe(400);
      expect(wrong.json.fields.currentPassword.en).toBe('The current password is not correct');
      const short = await here.post('/api/profile/password', { currentPassword: PASSWORD, newPassword: 'short' });
      expect(short.json.fields.newPassword.en).toMatch(/short/);

      const before = new Map(here.jar);
      const res = await here.post('/api/profile/password', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ ok: true, endedSessions: 1 });
      // This device keeps going on a new session id; the id it had before the change is worth nothing now.
      const stale = http();
      for (const [k, v] of before) stale.jar.set(k, v);
      expect((await stale.get('/api/user/info')).status).toBe(401);
      expect([...here.jar.values()]).not.toEqual([...before.values()]);
      await waitFor(() => !socket.socket.connected, 3000, 'the other socket cut');
      expect((await there.get('/api/user/info')).status).toBe(401);
      expect((await here.get('/api/user/info')).status).toBe(200);
      expect((await http().login(email, PASSWORD)).status).toBe(401);
      await signIn(email, NEW_PASSWORD);
    });

    it('lists the sessions (this device first, a readable device) and signs out the others', async () => {
      const { email } = await newMember('sess');
      const chrome =
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
      const other = http();
      await other.csrf();
      await other.request('POST', '/api/login', {
        body: { email, password: PASSWORD },
        headers: { 'user-agent': chrome },
      });
      const here = await signIn(email);
      const list = await here.get('/api/profile/sessions');
      expect(list.status).toBe(200);
      expect(list.json.sessions).toHaveLength(2);
      expect(list.json.sessions[0].current).toBe(true);
      expect(list.json.sessions[1]).toMatchObject({ current: false, device: 'Chrome — Windows' });
      const ended = await here.post('/api/profile/sessions/end-others');
      expect(ended.json).toEqual({ ok: true, endedSessions: 1 });
      expect((await other.get('/api/user/info')).status).toBe(401);
      expect((await here.get('/api/profile/sessions')).json.sessions).toHaveLength(1);
      expect((await http().get('/api/profile/sessions')).status).toBe(401);
    });

    it('limits password attempts per user', async () => {
      const { email } = await newMember('limit');
      const c = await signIn(email);
      const statuses: number[] = [];
      for (let i = 0; i <= config.RATE_LOGIN_ACCOUNT; i++) {
        statuses.push(
          (await c.post('/api/profile/password', { currentPassword: 'x', newPassword: NEW_PASSWORD })).status,
        );
      }
      expect(statuses.slice(0, -1).every((s) => s === 400)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    });
  });

  describe('the institution', () => {
    const details = {
      name: 'مؤسسة التجربة',
      address: '12 شارع النيل',
      country: 'EG',
      city: 'القاهرة',
      postalCode: '11511',
      phone: '+20 2 2345 6789',
    };

    it('the owner edits it, with an audit row; admins read it; members and personal accounts may not', async () => {
      const owner = await signIn(DEMO_EMAILS.owner);
      const saved = await owner.request('PUT', '/api/account/institution', { body: details });
      expect(saved.status).toBe(200);
      expect(saved.json).toEqual({ institution: { ...details, phone: '+20223456789' }, editable: true });
      const audit = await runtime.db
        .select()
        .from(schema.auditLog)
        .where(and(eq(schema.auditLog.accountId, instId), eq(schema.auditLog.action, 'institution.update')));
      expect(audit).toHaveLength(1);
      expect(audit[0]?.userId).toBe(await idOf(DEMO_EMAILS.owner));

      const admin = await signIn(DEMO_EMAILS.admin);
      const read = await admin.get('/api/account/institution');
      expect(read.status).toBe(200);
      expect(read.json.editable).toBe(false);
      expect(read.json.institution.city).toBe('القاهرة');
      expect((await admin.request('PUT', '/api/account/institution', { body: details })).status).toBe(403);
      for (const role of ['member', 'solo'] as const) {
        const c = await signIn(DEMO_EMAILS[role]);
        expect((await c.get('/api/account/institution')).status).toBe(403);
        expect((await c.request('PUT', '/api/account/institution', { body: details })).status).toBe(403);
      }
      expect((await http().get('/api/account/institution')).status).toBe(401);
    });

    it('says "select a country" and "enter the city name" in both languages', async () => {
      const owner = await signIn(DEMO_EMAILS.owner);
      const res = await owner.request('PUT', '/api/account/institution', {
        body: { ...details, country: '', city: ' ' },
      });
      expect(res.status).toBe(400);
      expect(res.json.fields.country).toEqual({ en: 'Select a country', ar: 'اختر دولة' });
      expect(res.json.fields.city).toEqual({ en: 'Enter the city name', ar: 'أدخل اسم المدينة' });
    });
  });
});
