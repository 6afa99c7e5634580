import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/services.ts';
import { AppError } from './errors.ts';
import { createLogger, describeError, logError } from './log.ts';

const SECRET = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0LXNhbHQ$SECRET-HASH-VALUE';

describe('logError', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    // a copy of the run's migrated PGlite (no migrations here)
    database = await createTestDatabase('pglite');
    await database.db.execute(sql`create table log_probe (email text unique, hash text check (hash <> 'x'))`);
  });
  afterAll(() => database.drop());

  async function failing(query: ReturnType<typeof sql>): Promise<unknown> {
    try {
      await database.db.execute(query);
    } catch (err) {
      return err;
    }
    throw new Error('the query should have failed');
  }

  it('a failed query whose params hold a secret: class, SQLSTATE and frames, never the values', async () => {
    const errors = [
      // The value in the driver's message: invalid input syntax for type integer: "<value>".
      await failing(sql`select ${SECRET}::int`),
      // The value in the driver's detail (Failing row contains (…)) and in Drizzle's params.
      await failing(
        sql`insert into log_probe (email, hash) values (${'victim@example.test'}, ${SECRET}), (${'a'}, ${'x'})`,
      ),
      // NUL in a text parameter, the original 500 of issue 9.
      await failing(sql`insert into log_probe (email, hash) values (${'victim@example.test\u0000'}, ${SECRET})`),
    ];
    for (const err of errors) {
      for (const format of ['json', 'line'] as const) {
        const lines: string[] = [];
        logError('test', err, createLogger({ format, write: (line) => lines.push(line) }));
        const out = lines.join('');
        let described = out;
        if (format === 'json') {
          const rec = JSON.parse(out) as { level: string; msg: string; err: string };
          expect(rec).toMatchObject({ level: 'error', msg: 'test' });
          expect(rec.err).toMatch(/^DrizzleQueryError: Failed query: (select|insert)/);
          described = rec.err;
        } else {
          expect(out).toMatch(/ ERROR test: DrizzleQueryError: Failed query: (select|insert)/);
        }
        expect(described).toMatch(/caused by \S+ [0-9A-Z]{5}/);
        expect(described).toMatch(/\n\s+at /);
        expect(out).not.toContain('SECRET-HASH-VALUE');
        expect(out).not.toContain('argon2');
        expect(out).not.toContain('victim');
      }
    }
    // console.error itself would have printed them: the reason this helper exists.
    const { inspect } = await import('node:util');
    expect(inspect(errors[1], { depth: 5 })).toContain('SECRET-HASH-VALUE');
  });

  it('plain errors keep their message and code; non-errors print only their type', () => {
    expect(describeError(new AppError(503, 'SERVICE_UNAVAILABLE'))).toMatch(/^AppError: SERVICE_UNAVAILABLE/);
    const err = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6379'), { code: 'ECONNREFUSED' });
    expect(describeError(err)).toMatch(/^Error: connect ECONNREFUSED 127\.0\.0\.1:6379 \[ECONNREFUSED\]/);
    expect(describeError('password=hunter2')).toBe('string');
  });

  it('an error given to the logger as such, or under err, never puts its message in msg', async () => {
    const err = await failing(sql`select ${SECRET}::int`);
    const lines: string[] = [];
    const log = createLogger({ format: 'json', write: (line) => lines.push(line) });
    log.error(err);
    log.warn({ err }, 'publish failed');
    log.warn({ err });
    log.child({ module: 'chat' }).error(err as Error, 'send failed');
    expect(lines).toHaveLength(4);
    for (const line of lines) {
      expect(line).not.toContain('SECRET-HASH-VALUE');
      expect((JSON.parse(line) as { err: string }).err).toMatch(/^DrizzleQueryError/);
    }
    expect(JSON.parse(lines[1] as string)).toMatchObject({ level: 'warn', msg: 'publish failed' });
    expect(JSON.parse(lines[3] as string)).toMatchObject({ module: 'chat', msg: 'send failed' });
  });
});

describe('logger', () => {
  it('honours the level, and routes warn and up apart from the rest', () => {
    const seen: [string, number][] = [];
    const log = createLogger({ level: 'warn', format: 'json', write: (line, level) => seen.push([line, level]) });
    const child = log.child({ module: 'meetings' });
    child.info('hidden');
    child.warn('shown');
    log.level = 'debug';
    child.debug('shown after the change');
    expect(seen.map(([line]) => (JSON.parse(line) as { msg: string }).msg)).toEqual([
      'shown',
      'shown after the change',
    ]);
    expect(seen.map(([, level]) => level)).toEqual([40, 20]);
    const silent: string[] = [];
    const off = createLogger({ level: 'silent', write: (line) => silent.push(line) });
    off.error('nothing');
    expect(silent).toEqual([]);
  });

  it('a readable line outside production: time, level, module, message, fields', () => {
    const lines: string[] = [];
    const log = createLogger({ format: 'line', name: 'bff', write: (line) => lines.push(line) });
    log.child({ module: 'realtime' }).warn({ socket: 's1' }, 'presence failed');
    log.info('Majlis listening on http://127.0.0.1:3000');
    expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d\.\d{3} WARN {2}\[realtime\] presence failed \{"socket":"s1"\}\n$/);
    expect(lines[1]).toMatch(/ INFO {2}Majlis listening on http:\/\/127\.0\.0\.1:3000\n$/);
  });
});
