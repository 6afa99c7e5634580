import { assign, enqueueActions, setup } from 'xstate';

/** The fields of a spec §3 message the read/unread rules look at. */
export interface ChatMessageRef {
  id: number;
  sender: string;
  type: 'team' | 'private';
  messageId: string;
  conversationId: string;
  teamId: string | null;
}

/** A conversation as the chat panel opens it: a team's, or a private one with `peerId`. */
export interface OpenConversation {
  id: string;
  type: 'team' | 'private';
  teamId: string | null;
  peerId: string | null;
}

export interface ChatContext {
  /** The signed-in user: their own messages are never unread. */
  userId: string;
  conversation: OpenConversation | null;
  /** Unread records of the user (spec §3), one per message id. */
  unread: ChatMessageRef[];
}

export type ChatEvent =
  | { type: 'chat.show' }
  | { type: 'chat.hide' }
  | { type: 'conversation.open'; conversation: OpenConversation }
  | { type: 'conversation.close' }
  | { type: 'message.received'; message: ChatMessageRef }
  /** GET /api/chat/message/status/unread answered (at start, and after `messages-readed`). */
  | { type: 'unread.loaded'; unread: ChatMessageRef[] }
  /** `messages-readed`: the records changed elsewhere (another tab, the other side). */
  | { type: 'unread.changed' };

const isOpenHere = (context: ChatContext, message: ChatMessageRef) =>
  context.conversation?.id === message.conversationId;

/**
 * Team chat read/unread rules (spec §4) as two regions: the open conversation (closed | open) and the chat itself
 * (hidden | visible: the panel is shown on its Chat tab, in a visible page). Opening a conversation shows it; opening
 * it, or showing the chat again with it open, deletes its unread records and emits `reading-messages`. A message arriving in the open conversation while the
 * chat is visible is marked read; any other message is stored as unread, unless the current user sent it.
 */
export const chatMachine = setup({
  types: {
    context: {} as ChatContext,
    events: {} as ChatEvent,
    input: {} as { userId: string },
  },
  actions: {
    /** DELETE /api/chat/message/status/all/{id} and `reading-messages`. */
    readConversation: (_, _params: { conversation: OpenConversation }) => {},
    /** POST /api/chat/message/status/read. */
    markRead: (_, _params: { message: ChatMessageRef }) => {},
    /** POST /api/chat/message/status/unread. */
    markUnread: (_, _params: { message: ChatMessageRef }) => {},
    /** GET /api/chat/message/status/unread, answered with `unread.loaded`. */
    loadUnread: () => {},
    /** The receive sound (a message from someone else). */
    playReceived: () => {},
    forgetUnreadOf: assign({
      unread: ({ context }, params: { conversationId: string }) =>
        context.unread.filter((m) => m.conversationId !== params.conversationId),
    }),
    keepUnread: assign({
      unread: ({ context }, params: { message: ChatMessageRef }) =>
        context.unread.some((m) => m.id === params.message.id) ? context.unread : [...context.unread, params.message],
    }),
  },
  guards: {
    isOwn: ({ context, event }) => event.type === 'message.received' && event.message.sender === context.userId,
    showsConversation: ({ context }) => context.conversation !== null,
    isForOpenConversation: ({ context, event }) =>
      event.type === 'message.received' && isOpenHere(context, event.message),
  },
}).createMachine({
  id: 'chat',
  type: 'parallel',
  context: ({ input }) => ({ userId: input.userId, conversation: null, unread: [] }),
  on: {
    'unread.loaded': {
      actions: assign({
        unread: ({ context, event }) => event.unread.filter((m) => m.sender !== context.userId),
      }),
    },
    'unread.changed': { actions: 'loadUnread' },
    /** Opening a conversation shows it: the chat becomes visible and the conversation is read (entry of visible). */
    'conversation.open': {
      target: ['.conversation.open', '.visibility.visible'],
      reenter: true,
      actions: assign({ conversation: ({ event }) => event.conversation }),
    },
  },
  states: {
    conversation: {
      initial: 'closed',
      states: {
        closed: {},
        /** A conversation is shown on the Chat tab (when the chat is visible). */
        open: {},
      },
    },
    visibility: {
      initial: 'hidden',
      states: {
        hidden: {
          on: {
            'chat.show': 'visible',
            'message.received': [
              { guard: 'isOwn' },
              {
                actions: [
                  { type: 'markUnread', params: ({ event }) => ({ message: event.message }) },
                  { type: 'keepUnread', params: ({ event }) => ({ message: event.message }) },
                  'playReceived',
                ],
              },
            ],
          },
        },
        visible: {
          // Showing the chat with a conversation open reads it, as opening it does.
          entry: enqueueActions(({ context, enqueue }) => {
            if (!context.conversation) return;
            enqueue({ type: 'readConversation', params: { conversation: context.conversation } });
            enqueue({ type: 'forgetUnreadOf', params: { conversationId: context.conversation.id } });
          }),
          on: {
            'chat.hide': 'hidden',
            /** Back to the contacts from the conversation shown: no conversation, and no chat in view. */
            'conversation.close': {
              guard: 'showsConversation',
              target: ['#chat.conversation.closed', '#chat.visibility.hidden'],
              actions: assign({ conversation: null }),
            },
            'message.received': [
              { guard: 'isOwn' },
              {
                guard: 'isForOpenConversation',
                actions: [{ type: 'markRead', params: ({ event }) => ({ message: event.message }) }, 'playReceived'],
              },
              {
                actions: [
                  { type: 'markUnread', params: ({ event }) => ({ message: event.message }) },
                  { type: 'keepUnread', params: ({ event }) => ({ message: event.message }) },
                  'playReceived',
                ],
              },
            ],
          },
        },
      },
    },
  },
});
