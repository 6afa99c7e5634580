import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';

export const REPO = fileURLToPath(new URL('../..', import.meta.url));
export const ARTIFACTS = join(REPO, 'e2e/artifacts');
export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'Majlis-demo-2026';

export interface Ctx {
  baseURL: string;
  /** The BigBlueButton simulator the BFF talks to (its API base, …/bigbluebutton), when the runner started one. */
  bbbURL?: string;
  browser: Browser;
  /**
   * E-mail the BFF delivered by SMTP to the runner's mail catcher (raw messages, quoted-printable decoded): the only
   * way to read a password-reset link, which the outbox viewer hides from everybody but its addressee.
   */
  mail?: () => string[];
  /** A fresh browser context (own cookies and storage), closed after the test. */
  newPage(options?: { viewport?: { width: number; height: number } }): Promise<Page>;
}

export type Spec = { name: string; run: (ctx: Ctx) => Promise<void> };
const specs: Spec[] = [];

export function test(name: string, run: Spec['run']): void {
  specs.push({ name, run });
}

export function registered(): Spec[] {
  return specs;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface Bff {
  baseURL: string;
  stop(): Promise<void>;
  logs(): string;
}

export interface BffOptions {
  /** Extra environment for the BFF (e.g. BBB_URL and BBB_SECRET of the test simulator). */
  env?: NodeJS.ProcessEnv;
}

/** The real BFF in embedded mode (PGlite in a fresh data dir), serving apps/client/dist. */
export async function startBff(options: BffOptions = {}): Promise<Bff> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'majlis-e2e-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...options.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
  };
  // Embedded on purpose: a fresh database per run, whatever the CI exports for the integration tests.
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/bff/src/main.ts'], {
    cwd: REPO,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`BFF exited with ${child.exitCode}:\n${output}`);
    try {
      const res = await fetch(`${baseURL}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`BFF did not answer /api/health within 90 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseURL,
    logs: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Every body of a raw message as UTF-8 text, so a link reads as one piece: nodemailer sends mostly-ASCII text
 * quoted-printable and mostly-Arabic text base64. Hand-written because specs only search the text for links and no
 * MIME parser is in the tree; headers are left as they came.
 */
function decodeBodies(raw: string): string {
  return raw.replace(
    /(Content-Transfer-Encoding: *(base64|quoted-printable)\r?\n(?:[^\r\n]+\r?\n)*\r?\n)([\s\S]*?)(?=\r?\n--|$)/gi,
    (_, head: string, encoding: string, body: string) => {
      const bytes =
        encoding.toLowerCase() === 'base64'
          ? Buffer.from(body.replace(/\s/g, ''), 'base64')
          : Buffer.from(
              body
                .replace(/=\r?\n/g, '')
                .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
              'latin1',
            );
      return head + bytes.toString('utf8');
    },
  );
}

/** A real SMTP server on loopback (smtp-server) that keeps what it receives: the BFF's SMTP_URL in the e2e run. */
export async function startMailCatcher(): Promise<{ url: string; received(): string[]; stop(): Promise<void> }> {
  const { SMTPServer } = await import('smtp-server');
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      let data = '';
      stream.on('data', (d: Buffer) => {
        data += d.toString('utf8');
      });
      stream.on('end', () => {
        received.push(decodeBodies(data));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received: () => [...received],
    stop: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/**
 * The BigBlueButton API simulator of packages/core's tests, on 127.0.0.1:0 (test-only; never used by `npm start`).
 * Loaded by path: it lives outside this project's sources.
 */
export async function startBbbSimulator(): Promise<{ url: string; secret: string; stop(): Promise<void> }> {
  const file = new URL('../../packages/core/test/fakes/bbb-simulator.ts', import.meta.url).href;
  const { BbbSimulator } = (await import(file)) as {
    BbbSimulator: new () => { url: string; secret: string; start(): Promise<unknown>; stop(): Promise<void> };
  };
  const sim = new BbbSimulator();
  await sim.start();
  return sim;
}

export function chromiumAvailable(): boolean {
  return existsSync(CHROMIUM);
}

export async function withContext<T>(browser: Browser, baseURL: string, fn: (c: BrowserContext) => Promise<T>) {
  const context = await browser.newContext({ baseURL });
  try {
    return await fn(context);
  } finally {
    await context.close();
  }
}
