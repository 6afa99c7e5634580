import { describe, expect, it } from 'vitest';
import { splitReaders, whoIsHere } from './away.ts';

describe('the away decision', () => {
  it('readers in the chat are here, the others away, each once and in order', () => {
    expect(splitReaders(['a', 'b', 'c', 'd'], new Set(['c', 'a', 'x']))).toEqual({
      here: ['a', 'c'],
      away: ['b', 'd'],
    });
    expect(splitReaders([], new Set(['a']))).toEqual({ here: [], away: [] });
    expect(splitReaders(['a', 'b'], new Set())).toEqual({ here: [], away: ['a', 'b'] });
  });

  it('a process without a socket server knows nobody in the chat: every reader is away', async () => {
    const here = await whoIsHere(undefined, 'account', ['a', 'b']);
    expect(splitReaders(['a', 'b'], here).away).toEqual(['a', 'b']);
  });
});
