import * as schema from '@majlis/core/db/schema/index';
import { DEMO_EMAILS } from '@majlis/core/demo/seed-demo';
import type { Runtime } from '@majlis/core/runtime';
import { randomRedisPrefix, redisUrl, testConfig } from '@majlis/core/testing';
import { type ChatEvent, type ChatMessageRef, chatMachine } from '@majlis/machines';
import { createModel, getTransitionPaths, recordWalk } from '@majlis/machines/testing';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from './client.ts';
import { ChatClient, waitFor } from './realtime-client.ts';
import { startBff, type TestBff } from './server.ts';

/**
 * Issue 17: the chat chart's paths walked against a running BFF (the client's chat.test.tsx walks the same events
 * against the panel). The member's socket reports what its chat shows (`chat-state`), as the page does after each of
 * its chart's steps; messages are sent for real by the admin (private and team) and by the member from another
 * device. At every state the unread records the server keeps for the member are those the chart holds: the server's
 * chart decided them at delivery. One driver: PostgreSQL and Redis when set, else PGlite.
 */
const PASSWORD = 'Demo-password-1';
const onServices = Boolean(redisUrl && process.env.DATABASE_URL);

/** Stand-ins of the model; the walk maps them to the real conversations and to the messages each step sends. */
const PRIVATE = 'private-conversation';
const TEAM = 'team-conversation';
const ME = 'me';
const PEER = 'peer';
const ref = (id: number, sender: string, type: 'team' | 'private'): ChatMessageRef => ({
  id,
  sender,
  type,
  messageId: `m-${id}`,
  conversationId: type === 'team' ? TEAM : PRIVATE,
  teamId: type === 'team' ? 'team' : null,
});
const FROM_PEER = ref(101, PEER, 'private');
const IN_TEAM = ref(102, PEER, 'team');
const MINE = ref(103, ME, 'private');

const events: ChatEvent[] = [
  { type: 'chat.show' },
  { type: 'chat.hide' },
  { type: 'conversation.open', conversation: { id: PRIVATE, type: 'private', teamId: null, peerId: PEER } },
  { type: 'conversation.close' },
  { type: 'message.received', message: FROM_PEER },
  { type: 'message.received', message: IN_TEAM },
  { type: 'message.received', message: MINE },
  { type: 'unread.changed' },
];
type Snapshot = ReturnType<typeof chatMachine.getInitialSnapshot>;
const serializeState = (s: Snapshot) =>
  JSON.stringify([s.value, s.context.unread.map((m) => m.id).sort((a, b) => a - b)]);
const input = { userId: ME };
// `unread.loaded` only ever answers `unread.changed` (the page's GET): the walk makes the GET, not the event.
const model = createModel(chatMachine, { events, serializeState, input, unlisted: 'skip' });
const paths = getTransitionPaths(model, { serializeState, input }).filter((p) =>
  p.steps.every((s) => s.event.type !== 'unread.loaded'),
);

describe('the chat chart against the BFF', () => {
  let bff: TestBff;
  let runtime: Runtime;
  let url: string;
  const prefix = randomRedisPrefix();
  const config = testConfig(
    onServices ? { REDIS_URL: redisUrl, REDIS_PREFIX: prefix, LOG_LEVEL: 'error' } : { LOG_LEVEL: 'error' },
  );
  const http = () => new TestClient((u, init) => fetch(u, init), url);
  let admin: TestClient;
  let member: TestClient;
  const ids = { member: '', admin: '', account: '', team: '', private: '', teamConversation: '' };

  beforeAll(async () => {
    bff = await startBff({ mode: onServices ? 'scale-out' : 'embedded', config });
    ({ runtime, url } = bff);
    admin = http();
    member = http();
    const a = await admin.login(DEMO_EMAILS.admin, PASSWORD);
    const m = await member.login(DEMO_EMAILS.member, PASSWORD);
    ids.admin = a.json.user.id;
    ids.member = m.json.user.id;
    ids.account = m.json.user.ownerId;
    const [team] = await runtime.db.select().from(schema.teams).where(eq(schema.teams.name, 'فريق التصميم'));
    ids.team = team?.id as string;
    const conversation = await member.post('/api/chat/conversation', {
      type: 'private',
      senderId: ids.member,
      recieverId: ids.admin,
      ownerId: ids.account,
    });
    ids.private = conversation.json._id;
    const teamConversation = await member.post('/api/chat/conversation', {
      type: 'team',
      teamId: ids.team,
      ownerId: ids.account,
    });
    ids.teamConversation = teamConversation.json._id;
  }, 60_000);

  afterAll(async () => {
    await bff?.stop();
  });

  const realConversation = (id: string | undefined) =>
    id === PRIVATE ? ids.private : id === TEAM ? ids.teamConversation : null;

  for (const path of paths) {
    it(path.description, async () => {
      // A clean slate: none of the member's unread records, a new socket (its chart starts hidden, nothing open).
      await runtime.db
        .delete(schema.unreadMessages)
        .where(
          and(
            eq(schema.unreadMessages.userId, ids.member),
            inArray(schema.unreadMessages.conversationId, [ids.private, ids.teamConversation]),
          ),
        );
      const socket = new ChatClient(url, member.jar);
      try {
        await socket.connected();
        expect(
          (await socket.call('join_team', { ownerId: ids.account, userId: ids.member, teamId: ids.team })).ok,
        ).toBe(true);
        /** Which stand-in each real message stands for. */
        const kindOf = new Map<number, number>();
        /** The server's unread records of the member, as the stand-ins they were sent for. */
        const unreadKinds = async () => {
          const rows = (await member.get('/api/chat/message/status/unread')).json as Array<{ id: number }>;
          return [...new Set(rows.flatMap((r) => (kindOf.has(r.id) ? [kindOf.get(r.id) as number] : [])))].sort();
        };
        const expectAgrees = async (state: Snapshot) => {
          const expected = [...new Set(state.context.unread.map((m) => m.id))].sort();
          await expect.poll(unreadKinds, { timeout: 5_000, interval: 25 }).toEqual(expected);
        };
        /** What the page reports after each step of its chart: the chart's state, with the real conversation. */
        let reported = JSON.stringify({ visible: false, conversationId: null });
        const report = async (state: Snapshot) => {
          const now = {
            visible: state.matches({ visibility: 'visible' }),
            conversationId: realConversation(state.context.conversation?.id),
          };
          if (JSON.stringify(now) === reported) return;
          reported = JSON.stringify(now);
          expect((await socket.call('chat-state', now)).ok).toBe(true);
        };
        const send = async (message: ChatMessageRef) => {
          const from = message.sender === ME ? member : admin;
          const body =
            message.type === 'team'
              ? { text: `team ${Math.random()}`, conversationId: ids.teamConversation }
              : { text: `private ${Math.random()}`, conversationId: ids.private };
          const sent = await from.post('/api/chat/message', body);
          expect(sent.status).toBe(201);
          kindOf.set(sent.json.id, message.id);
          await waitFor(() => socket.ids().has(sent.json.id), 5_000, 'the message on the member’s socket');
        };

        for (const step of path.steps) {
          const event = step.event as ChatEvent | { type: 'xstate.init' };
          const state = step.state as Snapshot;
          // unread.changed is the page's GET, which the check below makes.
          if (event.type === 'message.received') await send(event.message);
          else if (event.type !== 'xstate.init' && event.type !== 'unread.changed') await report(state);
          await expectAgrees(state);
        }
        recordWalk(chatMachine, 'server', path, input);
      } finally {
        socket.close();
      }
    });
  }
});
