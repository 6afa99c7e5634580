import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type Database } from './db/connect.ts';
import { AppError } from './errors.ts';
import { describeError, logError } from './log.ts';

const SECRET = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0LXNhbHQ$SECRET-HASH-VALUE';

describe('logError', () => {
  let database: Database;
  beforeAll(async () => {
    database = await connectDatabase({});
    await database.db.execute(sql`create table log_probe (email text unique, hash text check (hash <> 'x'))`);
  });
  afterAll(() => database.close());

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
      const lines: string[] = [];
      logError('test', err, (line) => lines.push(line));
      const out = lines.join('\n');
      expect(out).toMatch(/^\[test\] DrizzleQueryError: Failed query: (select|insert)/);
      expect(out).toMatch(/caused by \S+ [0-9A-Z]{5}/);
      expect(out).toMatch(/\n\s+at /);
      expect(out).not.toContain('SECRET-HASH-VALUE');
      expect(out).not.toContain('argon2');
      expect(out).not.toContain('victim');
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
});
