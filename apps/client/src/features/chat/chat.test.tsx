import { type ChatEvent, type ChatMessageRef, chatMachine } from '@majlis/machines';
import { createModel, getTransitionPaths, recordWalk } from '@majlis/machines/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChatPanel } from '../../layouts/dash/ChatPanel.tsx';
import type { ChatMessage } from '../../lib/socket.ts';
import { fakeBff, renderWithProviders } from '../../test/harness.tsx';
import { ChatProvider } from './ChatProvider.tsx';
import { FakeRealtime } from './fake-realtime.ts';
import { RealtimeProvider } from './realtime.tsx';

// Ids are uuids, as the BFF's answers carry them (the fake BFF holds its answers to the contract).
const me = { userId: '0c6f5c1e-0000-4000-8000-000000000001', ownerId: '0c6f5c1e-0000-4000-8000-0000000000a1' };
const peer = { userId: '0c6f5c1e-0000-4000-8000-000000000002', name: 'Omar Khaled', picture: null, role: 'member' };
const team = { _id: '0c6f5c1e-0000-4000-8000-0000000000f1', teamName: 'فريق التصميم' };
const PRIVATE = '0c6f5c1e-0000-4000-8000-0000000000c1';
const TEAM = '0c6f5c1e-0000-4000-8000-0000000000c2';

function message(id: number, sender: string, conversationId: string): ChatMessage {
  const isTeam = conversationId === TEAM;
  return {
    id,
    _id: String(id),
    sender,
    text: `message ${id}`,
    type: isTeam ? 'team' : 'private',
    messageId: `m-${id}`,
    conversationId,
    teamId: isTeam ? team._id : null,
    ownerId: me.ownerId,
    createdAt: '2026-11-21T10:00:00.000Z',
  };
}
const fromPeer = message(101, peer.userId, PRIVATE);
const inTeam = message(102, peer.userId, TEAM);
const mine = message(103, me.userId, PRIVATE);
const byId = new Map([fromPeer, inTeam, mine].map((m) => [m.id, m]));
const ref = (m: ChatMessage): ChatMessageRef => ({
  id: m.id,
  sender: m.sender,
  type: m.type,
  messageId: m.messageId,
  conversationId: m.conversationId,
  teamId: m.teamId,
});

type Snapshot = ReturnType<typeof chatMachine.getInitialSnapshot>;
const serializeState = (s: Snapshot) =>
  JSON.stringify([s.value, s.context.unread.map((m) => m.id).sort((a, b) => a - b)]);

const events: ChatEvent[] = [
  { type: 'chat.show' },
  { type: 'chat.hide' },
  { type: 'conversation.open', conversation: { id: PRIVATE, type: 'private', teamId: null, peerId: peer.userId } },
  { type: 'conversation.close' },
  { type: 'message.received', message: ref(fromPeer) },
  { type: 'message.received', message: ref(inTeam) },
  { type: 'message.received', message: ref(mine) },
  { type: 'unread.changed' },
];

/**
 * The model walks the machine's own events except `unread.loaded`, which only ever follows `unread.changed` (the
 * answer of GET unread): the test produces `unread.changed` and lets the real request bring the answer.
 */
const model = createModel(chatMachine, { events, serializeState, input: { userId: me.userId }, unlisted: 'skip' });

/** A BFF that keeps unread records as the real one does, so what the UI shows can be checked against it. */
function chatBff() {
  const unread = new Map<number, ChatMessage>();
  const bff = fakeBff({
    'GET /api/teams': { body: [team] },
    'GET /api/chat/users': { body: [peer] },
    'GET /api/chat/message/status/unread': () => ({
      body: [...unread.values()].map((m) => ({ ...m, userId: me.userId })),
    }),
    'POST /api/chat/message/status/unread': (init) => {
      const body = JSON.parse(String(init.body));
      const m = byId.get(body.id);
      if (!m || m.sender === me.userId) return { body: { ok: true, unread: null } };
      unread.set(m.id, m);
      return { body: { ok: true, unread: { ...m, userId: me.userId } } };
    },
    'POST /api/chat/message/status/read': (init) => {
      unread.delete(JSON.parse(String(init.body)).id);
      return { body: { ok: true } };
    },
    [`DELETE /api/chat/message/status/all/${PRIVATE}`]: () => {
      let deleted = 0;
      for (const [id, m] of unread) if (m.conversationId === PRIVATE && unread.delete(id)) deleted++;
      return { body: { ok: true, deleted } };
    },
    'POST /api/chat/conversation': {
      body: { _id: PRIVATE, type: 'private', teamId: null, ownerId: me.ownerId, members: [me.userId, peer.userId] },
    },
    [`GET /api/chat/message/${PRIVATE}`]: { body: [] },
  });
  return { ...bff, unread };
}

async function renderChat(realtime: FakeRealtime) {
  await renderWithProviders(
    <RealtimeProvider me={me} client={realtime}>
      <ChatProvider me={me} enabled panelOpen>
        <ChatPanel onClose={() => {}} />
      </ChatProvider>
    </RealtimeProvider>,
  );
  await screen.findByText('Omar Khaled');
}

const calls = (bff: ReturnType<typeof chatBff>, method: string, path: string) =>
  bff.calls.filter((c) => c.method === method && c.path === path);

describe('team chat read/unread rules, against the chat panel', () => {
  const describeEvent = (e: ChatEvent) => ('message' in e ? `${e.type}(${e.message.id})` : e.type);
  for (const path of getTransitionPaths(model, { serializeState, describe: describeEvent })) {
    it(path.description, async () => {
      const bff = chatBff();
      const realtime = new FakeRealtime();
      // The server's side as the BFF runs it (issue 17): its chat chart, told this page's state, reads the open
      // conversation when it is in view; reading-messages clears the conversation too.
      const clear = (conversationId: string) => {
        for (const [id, m] of bff.unread) if (m.conversationId === conversationId) bff.unread.delete(id);
      };
      const reported = () =>
        (realtime.sent.filter((s) => s.event === 'chat-state').at(-1)?.payload ?? {}) as {
          visible?: boolean;
          conversationId?: string | null;
        };
      const report = realtime.chatState.bind(realtime);
      realtime.chatState = (p: { visible: boolean; conversationId: string | null }) => {
        report(p);
        if (p.visible && p.conversationId) clear(p.conversationId);
      };
      const reading = realtime.readingMessages.bind(realtime);
      realtime.readingMessages = (p: { conversationId: string }) => {
        reading(p);
        clear(p.conversationId);
      };
      await renderChat(realtime);
      const unreadIds = () => [...bff.unread.keys()].sort((a, b) => a - b);
      const contactsTab = () => screen.getByRole('tab', { name: /جهات الاتصال/ });
      const chatTab = () => screen.getByRole('tab', { name: 'المحادثة' });
      /** The unread records on the server and the badge on the Contacts tab agree with the machine. */
      const expectUnreadAgrees = async (state: Snapshot) => {
        const expected = state.context.unread.map((m) => m.id).sort((a, b) => a - b);
        await waitFor(() => expect(unreadIds()).toEqual(expected));
        const label = contactsTab().textContent ?? '';
        if (expected.length) expect(label).toContain(`رسائل غير مقروءة: ${'٠١٢'[expected.length]}`);
        else expect(label).not.toContain('رسائل غير مقروءة');
        // The server's chart is told the same state (it decides read or unread at delivery from it).
        await waitFor(() =>
          expect(realtime.sent.filter((s) => s.event === 'chat-state').at(-1)?.payload).toEqual({
            visible: state.matches({ visibility: 'visible' }),
            conversationId: state.context.conversation?.id ?? null,
          }),
        );
      };
      await path.test({
        states: {
          'visibility.hidden': async (state: Snapshot) => {
            await expectUnreadAgrees(state);
            expect(contactsTab().getAttribute('aria-selected')).toBe('true');
            const row = screen.getByTestId(`contact-${peer.userId}`);
            expect(within(row).queryByTestId('unread-badge')?.textContent ?? null).toBe(
              bff.unread.has(fromPeer.id) ? '١رسائل غير مقروءة: ١' : null,
            );
            const teamRow = screen.getByTestId(`team-${team._id}`);
            expect(within(teamRow).queryByTestId('unread-badge') !== null).toBe(bff.unread.has(inTeam.id));
          },
          'visibility.visible': async (state: Snapshot) => {
            await expectUnreadAgrees(state);
            expect(chatTab().getAttribute('aria-selected')).toBe('true');
            if (state.matches({ conversation: 'open' })) {
              expect(screen.getByTestId('message-log')).toBeTruthy();
              expect(screen.getByTestId('peer-presence').textContent).toBe('غير متصل');
            } else expect(screen.getByText(/اختر فريقًا أو جهة اتصال/)).toBeTruthy();
          },
        } as never,
        events: {
          'chat.show': async () => {
            fireEvent.click(chatTab());
            await waitFor(() => expect(chatTab().getAttribute('aria-selected')).toBe('true'));
          },
          'chat.hide': async () => {
            fireEvent.click(contactsTab());
            await waitFor(() => expect(contactsTab().getAttribute('aria-selected')).toBe('true'));
          },
          'conversation.open': async () => {
            // From the Chat tab, the contacts are one tab away.
            if (contactsTab().getAttribute('aria-selected') !== 'true') fireEvent.click(contactsTab());
            const before = realtime.sent.filter((s) => s.event === 'reading-messages').length;
            fireEvent.click(await screen.findByTestId(`contact-${peer.userId}`));
            await screen.findByTestId('message-log');
            // Opening emits reading-messages (the server then clears the conversation's unread records).
            await waitFor(() =>
              expect(realtime.sent.filter((s) => s.event === 'reading-messages').length).toBe(before + 1),
            );
            expect(realtime.sent.filter((s) => s.event === 'reading-messages').at(-1)?.payload).toEqual({
              senderId: peer.userId,
              ownerId: me.ownerId,
              conversationId: PRIVATE,
            });
          },
          'conversation.close': async () => {
            // Back exists only while a conversation is shown (elsewhere the event changes nothing).
            if (!screen.queryByRole('button', { name: 'العودة إلى جهات الاتصال' })) return;
            fireEvent.click(screen.getByRole('button', { name: 'العودة إلى جهات الاتصال' }));
            await waitFor(() => expect(contactsTab().getAttribute('aria-selected')).toBe('true'));
          },
          'message.received': async ({ event }: { event: ChatEvent }) => {
            const m = byId.get((event as { message: ChatMessageRef }).message.id) as ChatMessage;
            // The server stores a message unread for its readers at send (issue 17), and its chart reads it at delivery
            // when the conversation is open and in view on this page.
            const here = reported();
            if (m.sender !== me.userId && !(here.visible && here.conversationId === m.conversationId)) {
              bff.unread.set(m.id, m);
            }
            realtime.deliver(m);
            // Shown in the open conversation when it is that one and the chat is visible.
            if (m.conversationId === PRIVATE && screen.queryByTestId('message-log')) {
              await within(screen.getByTestId('message-log')).findByText(m.text);
            }
            // Read and unread are the server's to keep: the page posts neither (a hidden tab undid another's read).
            expect(calls(bff, 'POST', '/api/chat/message/status/unread')).toEqual([]);
            expect(calls(bff, 'POST', '/api/chat/message/status/read')).toEqual([]);
          },
          'unread.changed': async () => {
            const gets = calls(bff, 'GET', '/api/chat/message/status/unread').length;
            realtime.readed(PRIVATE);
            await waitFor(() => expect(calls(bff, 'GET', '/api/chat/message/status/unread').length).toBe(gets + 1));
          },
        } as never,
      });
      recordWalk(chatMachine, 'client', path, { userId: me.userId });
    });
  }
});
