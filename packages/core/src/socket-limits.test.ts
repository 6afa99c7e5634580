import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { dropRedisPrefix, randomRedisPrefix, redisUrl, serviceMissing } from '../test/services.ts';
import { createSocketLimits, socketLimitRules } from './socket-limits.ts';

const defaults = { RATE_SOCKET_SENDS_SECOND: 10, RATE_SOCKET_SENDS_MINUTE: 120 };

async function outcome(p: Promise<void>) {
  try {
    await p;
    return 'ok';
  } catch (err) {
    return (err as { code?: string }).code ?? 'error';
  }
}

describe('socket event limits', () => {
  it('a socket gets a burst of 20 messages, then RATE_LIMITED with the seconds to wait', async () => {
    const limits = createSocketLimits({ REDIS_PREFIX: 'test:', ...defaults });
    const results = [];
    for (let i = 0; i < 25; i++) results.push(await outcome(limits.consume('s1', 'u1', 'send')));
    expect(results.filter((r) => r === 'ok')).toHaveLength(20);
    expect(results.slice(20)).toEqual(Array(5).fill('RATE_LIMITED'));
    const err = await limits.consume('s1', 'u1', 'send').catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 429, code: 'RATE_LIMITED', values: { seconds: expect.any(Number) } });
    // Another socket of another user is not touched.
    expect(await outcome(limits.consume('s2', 'u2', 'send'))).toBe('ok');
  });

  it('more sockets do not multiply a user’s minute allowance; other events have their own, larger one', async () => {
    const limits = createSocketLimits({ REDIS_PREFIX: 'test:', ...defaults });
    let ok = 0;
    for (let s = 0; s < 10; s++) {
      for (let i = 0; i < 20; i++) if ((await outcome(limits.consume(`sock-${s}`, 'u', 'send'))) === 'ok') ok++;
    }
    expect(ok).toBe(120);
    let other = 0;
    while ((await outcome(limits.consume('joins', 'u', 'other'))) === 'ok') other++;
    expect(other).toBe(socketLimitRules(defaults).events.points);
  });

  it('says to disconnect after 30 refusals within the window', async () => {
    const limits = createSocketLimits({ REDIS_PREFIX: 'test:', ...defaults });
    const answers = [];
    for (let i = 0; i < 31; i++) answers.push(await limits.refused('s'));
    expect(answers.indexOf(true)).toBe(30);
  });
});

const skip = serviceMissing('REDIS_URL');
describe.skipIf(skip)(`socket event limits through Redis${skip ? ` (${skip})` : ''}`, () => {
  const prefix = randomRedisPrefix();
  const redis = redisUrl ? new Redis(redisUrl) : undefined;
  afterAll(async () => {
    await dropRedisPrefix(prefix);
    await redis?.quit();
  });

  it('the per-user minute allowance is shared by two instances', async () => {
    const a = createSocketLimits({ REDIS_PREFIX: prefix, ...defaults }, redis);
    const b = createSocketLimits({ REDIS_PREFIX: prefix, ...defaults }, redis);
    let ok = 0;
    for (let s = 0; s < 7; s++) {
      const limits = s % 2 ? a : b;
      for (let i = 0; i < 20; i++) if ((await outcome(limits.consume(`sock-${s}`, 'user', 'send'))) === 'ok') ok++;
    }
    expect(ok).toBe(120);
  });
});
