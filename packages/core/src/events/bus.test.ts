import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { dropRedisPrefix, randomRedisPrefix, redisUrl, serviceMissing } from '../../test/services.ts';
import { createMemoryBus, createRedisBus, type DomainEvent } from './bus.ts';

const next = (bus: ReturnType<typeof createMemoryBus>, topic: string) =>
  new Promise<DomainEvent>((resolve) => {
    const off = bus.subscribe(topic, (e) => {
      off();
      resolve(e);
    });
  });

describe('in-memory event bus', () => {
  it('delivers after the publisher returns, to every subscriber of the topic only', async () => {
    const bus = createMemoryBus();
    const seen: string[] = [];
    bus.subscribe('a', (e) => seen.push(`1:${e.type}`));
    bus.subscribe('a', (e) => seen.push(`2:${e.type}`));
    bus.subscribe('b', (e) => seen.push(`b:${e.type}`));
    await bus.publish('a', { type: 'x' });
    expect(seen).toEqual([]);
    await new Promise((r) => setTimeout(r, 0));
    expect(seen).toEqual(['1:x', '2:x']);
    await bus.close();
  });
});

const skip = serviceMissing('REDIS_URL');
describe.skipIf(skip)(`Redis event bus${skip ? ` (${skip})` : ''}`, () => {
  const prefix = randomRedisPrefix();
  afterAll(() => dropRedisPrefix(prefix));

  it('carries events between two bus instances (two processes in production)', async () => {
    const a = createRedisBus(redisUrl as string, prefix);
    const b = createRedisBus(redisUrl as string, prefix);
    const other = createRedisBus(redisUrl as string, `${prefix}other:`);
    const strays: DomainEvent[] = [];
    other.subscribe('meetings', (e) => strays.push(e));
    const got = next(b, 'meetings');
    // Both SUBSCRIBEs have reached Redis (a fixed 100 ms was too short on a loaded machine: the event went out to no
    // one and the test waited for it until its timeout).
    const admin = new Redis(redisUrl as string);
    const subscribers = async (channel: string) => Number(((await admin.pubsub('NUMSUB', channel)) as unknown[])[1]);
    await expect.poll(() => subscribers(`${prefix}meetings`), { timeout: 30_000 }).toBe(1);
    await expect.poll(() => subscribers(`${prefix}other:meetings`), { timeout: 30_000 }).toBe(1);
    await admin.quit();
    await a.publish('meetings', { type: 'meeting.started', accountId: 'acc-1' });
    expect(await got).toEqual({ type: 'meeting.started', accountId: 'acc-1' });
    expect(strays).toEqual([]);
    await Promise.all([a.close(), b.close(), other.close()]);
  });
});
