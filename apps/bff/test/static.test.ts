import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveClient } from '../src/http/static.ts';

/**
 * serveClient on its own, without app.ts's rejectMalformedUrl in front: the middleware must be safe by itself
 * (a malformed escape once threw from decodeURIComponent and became a 500).
 */
describe('serveClient', () => {
  let root: string;
  let outside: string;
  let app: Hono;

  beforeAll(() => {
    outside = mkdtempSync(join(tmpdir(), 'majlis-static-'));
    root = join(outside, 'dist');
    mkdirSync(join(root, 'assets'), { recursive: true });
    writeFileSync(
      join(root, 'index.html'),
      '<!doctype html><html lang="ar" dir="rtl"><title>Majlis</title><meta name="description" content="d" />' +
        '<link rel="canonical" href="%PUBLIC_URL%/" /><meta property="og:url" content="%PUBLIC_URL%/" />' +
        '<meta property="og:title" content="t" /><meta property="og:image" content="%PUBLIC_URL%/og-image.png" />',
    );
    writeFileSync(join(root, 'assets', 'app-1a2b.js'), 'console.log(1)');
    // What the client build writes beside a text file (apps/client/scripts/precompress.ts).
    const big = `${'export const x = 1;\n'.repeat(200)}`;
    writeFileSync(join(root, 'assets', 'big-3c4d.js'), big);
    writeFileSync(join(root, 'assets', 'big-3c4d.js.br'), brotliCompressSync(big));
    writeFileSync(join(root, 'assets', 'big-3c4d.js.gz'), gzipSync(big));
    writeFileSync(join(root, 'favicon.svg'), '<svg/>');
    writeFileSync(join(outside, 'secret.txt'), 'not for the web');
    app = new Hono().use(serveClient(root, { publicUrl: 'https://majlis.example' }));
    app.notFound((c) => c.text('fell through', 404));
  });
  afterAll(() => rmSync(outside, { recursive: true, force: true }));

  const html = { headers: { accept: 'text/html,application/xhtml+xml' } };

  it('hashed assets are cached for a year, other files revalidated', async () => {
    const asset = await app.request('/assets/app-1a2b.js');
    expect(asset.status).toBe(200);
    expect(await asset.text()).toBe('console.log(1)');
    expect(asset.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');

    const icon = await app.request('/favicon.svg');
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(icon.headers.get('cache-control')).toBe('no-cache');

    const head = await app.request('/assets/app-1a2b.js', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('14');
  });

  it('a file compressed at build time is sent compressed to a browser that takes it, as it is to others', async () => {
    const big = 'export const x = 1;\n'.repeat(200);
    const br = await app.request('/assets/big-3c4d.js', { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(br.status).toBe(200);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(br.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(big);

    const gz = await app.request('/assets/big-3c4d.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');

    const plain = await app.request('/assets/big-3c4d.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(big);
    // A file without a compressed twin is sent as it is, whatever the browser accepts.
    const small = await app.request('/assets/app-1a2b.js', { headers: { 'accept-encoding': 'br' } });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.text()).toBe('console.log(1)');
  });

  it('client routes get index.html whatever they accept, never cached', async () => {
    for (const [path, init] of [
      ['/', html],
      ['/dashboard/calendar', html],
      ['/index.html', html],
      ['/dashboard/calendar', { headers: { accept: '*/*' } }],
      ['/join/123', {}],
    ] as const) {
      const res = await app.request(path, init);
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toContain('<title>Majlis</title>');
      expect(res.headers.get('content-type'), path).toMatch(/^text\/html/);
      expect(res.headers.get('cache-control'), path).toBe('no-cache');
    }
  });

  it('sharing tags name the page on PUBLIC_URL; a join link previews its number and nothing else', async () => {
    const home = await (await app.request('/', { headers: { accept: '*/*' } })).text();
    expect(home).toContain('<meta property="og:url" content="https://majlis.example/" />');
    expect(home).toContain('<link rel="canonical" href="https://majlis.example/" />');
    expect(home).toContain('content="https://majlis.example/og-image.png"');
    expect(home).not.toContain('%PUBLIC_URL%');

    const join = await (await app.request('/join/1234567890', { headers: { accept: '*/*' } })).text();
    expect(join).toContain('<meta property="og:url" content="https://majlis.example/join/1234567890" />');
    expect(join).toMatch(/<title>[^<]*Join meeting 123 456 7890 on Majlis<\/title>/);
    expect(join).toMatch(
      /<meta property="og:title" content="[^"]*١٢٣ ٤٥٦ ٧٨٩٠[^"]*Join meeting 123 456 7890 on Majlis"/,
    );

    // Arabic-Indic digits in the link read the same; anything else in the path is escaped, never markup.
    const arabic = await (await app.request(`/join/${encodeURIComponent('١٢٣٤٥٦٧٨')}`)).text();
    expect(arabic).toContain('Join meeting 123 456 78 on Majlis');
    const hostile = await (await app.request('/x%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E')).text();
    expect(hostile).not.toContain('<script>alert(1)');
    expect(hostile).toContain('&quot;&gt;&lt;script&gt;');
  });

  it("the page starts in the reader's language and direction, from the MajlisLang cookie as the client decides", async () => {
    const open = async (headers: Record<string, string>) => {
      const res = await app.request('/login', { headers });
      expect(res.headers.get('vary')).toContain('Cookie');
      return (await res.text()).match(/<html[^>]*>/)?.[0];
    };
    expect(await open({})).toBe('<html lang="ar" dir="rtl">');
    expect(await open({ cookie: 'MajlisLang=En' })).toBe('<html lang="en" dir="ltr">');
    expect(await open({ cookie: 'MajlisLang=Ar' })).toBe('<html lang="ar" dir="rtl">');
    // Anything but En is Arabic (spec §4); the browser's languages do not decide, as they do not on the client.
    expect(await open({ cookie: 'MajlisLang=fr' })).toBe('<html lang="ar" dir="rtl">');
    expect(await open({ 'accept-language': 'en-GB,en;q=0.9' })).toBe('<html lang="ar" dir="rtl">');
  });

  it('no fallback for a missing file, or for other methods', async () => {
    expect((await app.request('/assets/missing.js', html)).status).toBe(404);
    expect((await app.request('/missing.png', html)).status).toBe(404);
    expect((await app.request('/dashboard', { method: 'POST', ...html })).status).toBe(404);
  });

  it('a malformed escape is not a 500: the SPA page', async () => {
    const page = await app.request('/%E0%A4%A', html);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>Majlis</title>');
    expect((await app.request('/assets/%FF.js')).status).toBe(404);
  });

  it('nothing outside the root is served, however the path is spelled', async () => {
    for (const path of [
      '/../secret.txt',
      '/assets/../../secret.txt',
      '/%2e%2e/secret.txt',
      '/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
      '/..%5csecret.txt',
      '//secret.txt',
      '/%00',
      '/a%00.js',
    ]) {
      const res = await app.request(path);
      expect(res.status, path).toBeLessThan(500);
      expect(await res.text(), path).not.toContain('not for the web');
    }
  });
});

/** Issue 28: the pages the client build prerendered (apps/client/scripts/prerender.mjs) in each language. */
describe('serveClient with prerendered pages', () => {
  let root: string;
  let app: Hono;

  const shell = (lang: string, dir: string, body: string) =>
    `<!doctype html><html lang="${lang}" dir="${dir}" data-mantine-color-scheme="light"><title>Majlis</title>` +
    `<meta property="og:url" content="%PUBLIC_URL%/" /><div id="root" data-lang="${lang}">${body}</div>`;

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'majlis-prerendered-'));
    writeFileSync(join(root, 'index.html'), shell('ar', 'rtl', '').replace(' data-lang="ar"', ''));
    for (const [lang, dir, signIn, value] of [
      ['ar', 'rtl', 'تسجيل الدخول', '٤٠٩٥٨١٣٦٢٧'],
      ['en', 'ltr', 'Sign in', '4095813627'],
    ] as const) {
      mkdirSync(join(root, 'prerendered', lang), { recursive: true });
      writeFileSync(join(root, 'prerendered', lang, 'login.html'), shell(lang, dir, `<h1>${signIn}</h1>`));
      writeFileSync(
        join(root, 'prerendered', lang, 'join-number.html'),
        shell(lang, dir, `<input id="n" value="${value}"/><input id="name" value=""/>`),
      );
    }
    writeFileSync(
      join(root, 'prerendered', 'pages.json'),
      JSON.stringify({
        pages: { '/login': 'login.html' },
        joinShell: 'join-number.html',
        joinPlaceholder: '4095813627',
      }),
    );
    app = new Hono().use(serveClient(root, { publicUrl: 'https://majlis.example' }));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("a prerendered page is served in the reader's language, its tags still naming the page", async () => {
    const ar = await (await app.request('/login')).text();
    expect(ar).toContain('<h1>تسجيل الدخول</h1>');
    expect(ar).toContain('<html lang="ar" dir="rtl" data-mantine-color-scheme="light">');
    expect(ar).toContain('content="https://majlis.example/login"');
    const en = await (await app.request('/login', { headers: { cookie: 'MajlisLang=En' } })).text();
    expect(en).toContain('<h1>Sign in</h1>');
    expect(en).toContain('<html lang="en" dir="ltr" data-mantine-color-scheme="light">');
    // A page that was not prerendered is index.html, rendered by the client.
    expect(await (await app.request('/dashbord')).text()).toContain('<div id="root"></div>');
  });

  it("the join shell carries the link's own number, in the digits of the page's language", async () => {
    const ar = await (await app.request(`/join/${encodeURIComponent('١٢٣ ٤٥٦ ٧٨٩٠')}`)).text();
    expect(ar).toContain('<input id="n" value="١٢٣٤٥٦٧٨٩٠"/>');
    const en = await (await app.request('/join/1234567890', { headers: { cookie: 'MajlisLang=En' } })).text();
    expect(en).toContain('<input id="n" value="1234567890"/>');
    expect(en).not.toContain('4095813627');
  });

  it('a page is sent compressed to a browser that takes it, revalidated, varying on cookie and encoding', async () => {
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const res = await app.request('/login', { headers: { 'accept-encoding': `${encoding}, deflate` } });
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.headers.get('vary')).toBe('Cookie, Accept-Encoding');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(decode(Buffer.from(await res.arrayBuffer())).toString()).toContain('<h1>تسجيل الدخول</h1>');
    }
  });
});
