import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config.ts';

const repo = fileURLToPath(new URL('../../..', import.meta.url));

describe('configuration', () => {
  it('nothing set → the embedded default on port 3000', () => {
    const c = parseConfig({ DATA_DIR: '/tmp/majlis-config-test' });
    expect(c).toMatchObject({
      PORT: 3000,
      embedded: true,
      publicUrl: 'http://localhost:3000',
      secure: false,
      seedDemo: true,
    });
    expect(c.sessionSecret).toHaveLength(64);
    expect(parseConfig({ DATA_DIR: '/tmp/majlis-config-test' }).sessionSecret).toBe(c.sessionSecret);
  });

  it('DATABASE_URL → scale-out, no demo seeding unless SEED_DEMO=1; https PUBLIC_URL → secure cookies', () => {
    const c = parseConfig({ DATABASE_URL: 'postgres://u@h/db', PUBLIC_URL: 'https://majlis.example/' });
    expect(c).toMatchObject({ embedded: false, seedDemo: false, secure: true, publicUrl: 'https://majlis.example' });
    expect(parseConfig({ DATABASE_URL: 'postgres://u@h/db', SEED_DEMO: '1' }).seedDemo).toBe(true);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['REDIS_URL', 'not a url'],
    ['SESSION_SECRET', 'short'],
    ['BBB_CHECKSUM', 'md5'],
    ['TRUST_PROXY', 'maybe'],
  ])('a malformed %s=%s names the variable', (name, value) => {
    expect(() => parseConfig({ [name]: value })).toThrowError(ConfigError);
    try {
      parseConfig({ [name]: value });
    } catch (err) {
      expect((err as ConfigError).variable).toBe(name);
      expect((err as Error).message).toContain(name);
    }
  });

  it('the BFF exits with one line naming the variable', () => {
    const res = spawnSync(process.execPath, ['--import', 'tsx', 'apps/bff/src/main.ts'], {
      cwd: repo,
      env: { ...process.env, PORT: 'not-a-port', DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(res.status).toBe(1);
    const lines = res.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Invalid configuration: PORT /);
  });
});
