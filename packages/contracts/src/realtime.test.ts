import { describe, expect, it } from 'vitest';
import { MESSAGE_MAX_CHARS } from './chat.ts';
import { RECENT_IDS_MAX, RecentIds, ZHandshakeAuth, ZSendTeamMessagePayload } from './realtime.ts';
import { accountRoom, memberRoom, sessionRoom, teamRoom, userRoom } from './socket-rooms.ts';

const id = '3f2b8c1e-8d4a-4c7b-9e2f-1a2b3c4d5e6f';

describe('RecentIds', () => {
  it('keeps at most its limit, dropping the oldest first, and remembers the highest id ever added', () => {
    const ids = new RecentIds(3);
    for (const n of [5, 9, 7, 9, 2]) ids.add(n);
    expect(ids.list()).toEqual([9, 7, 2]);
    expect(ids.has(5)).toBe(false);
    expect(ids.max).toBe(9);
  });

  it('by default holds as many ids as the handshake accepts back', () => {
    const ids = new RecentIds();
    for (let n = 1; n <= RECENT_IDS_MAX + 10; n++) ids.add(n);
    expect(ids.list()).toHaveLength(RECENT_IDS_MAX);
    expect(ZHandshakeAuth.parse({ recentMessageIds: ids.list() }).recentMessageIds).toHaveLength(RECENT_IDS_MAX);
  });
});

describe('handshake auth', () => {
  it('reads ids from strings and treats a malformed value as absent instead of refusing the connection', () => {
    expect(ZHandshakeAuth.parse({ lastMessageId: '42', lastNotificationId: -1, recentMessageIds: 'x' })).toEqual({
      lastMessageId: 42,
      lastNotificationId: undefined,
      recentMessageIds: undefined,
    });
    expect(ZHandshakeAuth.parse({ recentMessageIds: new Array(RECENT_IDS_MAX + 1).fill(1) })).toEqual({
      recentMessageIds: undefined,
    });
  });
});

describe('socket event payloads', () => {
  const fieldsInError = (payload: object) => {
    const parsed = ZSendTeamMessagePayload.safeParse({ senderId: id, teamId: id, text: 'hi', ...payload });
    return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`);
  };

  it('refuse an empty or too long text and control characters, with the catalog ids the HTTP routes use', () => {
    expect(fieldsInError({})).toEqual([]);
    expect(fieldsInError({ text: ' \n ' })).toEqual(['text field.message']);
    expect(fieldsInError({ text: 'x'.repeat(MESSAGE_MAX_CHARS + 1) })).toEqual(['text field.tooLong']);
    expect(fieldsInError({ text: 'a\u0000b' })).toEqual(['text field.controlChars']);
    expect(fieldsInError({ teamId: 'team-1' })).toHaveLength(1);
  });
});

describe('socket rooms', () => {
  it('never give two kinds of room the same name for the same id', () => {
    const names = [userRoom(id), accountRoom(id), memberRoom(id, id), teamRoom(id), sessionRoom(id)];
    expect(new Set(names).size).toBe(names.length);
    expect(memberRoom('a', 'u')).toBe('member:a:u');
  });
});
