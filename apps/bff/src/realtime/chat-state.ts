import { type ChatStatePayload, ZChatStatePayload } from '@majlis/contracts/realtime';
import { memberRoom } from '@majlis/contracts/socket-rooms';
import type { Actor } from '@majlis/core/auth/actor';
import { conversationMemberIds, findConversation } from '@majlis/core/chat/chat-access';
import type { ChatMessage } from '@majlis/core/chat/send-message';
import { clearUnread, readDelivered } from '@majlis/core/chat/unread';
import type { Db } from '@majlis/core/db/connect';
import type { Logger } from '@majlis/core/log';
import { chatMachine } from '@majlis/machines';
import { type ActorRefFrom, createActor } from 'xstate';
import type { IoServer, IoSocket } from './io.ts';

export { ZChatStatePayload };

type ChatActor = ActorRefFrom<typeof chatMachine>;

/** Each socket's chat machine, as its client reports it (`chat-state`). */
const machines = new WeakMap<IoSocket, ChatActor>();

/**
 * The chat machine on the server (issue 17): the same definition as the client's, fed with what the client reports
 * (the chat in view or not, the conversation open), deciding read or unread for this user at delivery. Unread rows
 * are written with the message (send-message.ts), so a reader with no socket anywhere finds it unread; here a socket
 * with the conversation open and in view reads it, and the user's other devices hear `messages-readed` and reload.
 */
export function createChatStates({ io, db, log }: { io: IoServer; db: Db; log: Logger }) {
  /** Tells the user's sockets in this account (other devices, other tabs) that their unread records changed. */
  function told(actor: Actor, conversationId: string) {
    const signal = { conversationId, readerId: actor.userId, ownerId: actor.accountId };
    io.to(memberRoom(actor.accountId, actor.userId)).emit('messages-readed', signal);
  }

  function start(socket: IoSocket): ChatActor {
    const run = (what: string, work: () => Promise<unknown>) =>
      void work().catch((err: unknown) => log.warn({ err, userId: socket.data.actor.userId }, `chat ${what} failed`));
    const logic = chatMachine.provide({
      actions: {
        readConversation: (_, { conversation }) =>
          run('read', async () => {
            if (await clearUnread(db, socket.data.actor, conversation.id)) told(socket.data.actor, conversation.id);
          }),
        markRead: (_, { message }) =>
          run('read', async () => {
            if (await readDelivered(db, socket.data.actor, message.id)) told(socket.data.actor, message.conversationId);
          }),
        // Stored unread with the message already; the server keeps no list per socket (the database has it).
        markUnread: () => {},
        keepUnread: () => {},
        forgetUnreadOf: () => {},
        // The client's concerns: its list and its sound.
        loadUnread: () => {},
        playReceived: () => {},
      },
    });
    const actor = createActor(logic, { input: { userId: socket.data.actor.userId } });
    actor.start();
    machines.set(socket, actor);
    return actor;
  }

  return {
    start,
    stop(socket: IoSocket) {
      machines.get(socket)?.stop();
      machines.delete(socket);
    },

    /**
     * A report from the client. The machine is moved by its own events where one leads there (opening shows and
     * reads; back from a shown conversation hides); a state no event reaches from here (a conversation left open
     * behind the Contacts tab) starts the machine again from hidden and closed, which decides the same.
     */
    async report(socket: IoSocket, actor: Actor, state: ChatStatePayload) {
      let machine = machines.get(socket) ?? start(socket);
      const current = machine.getSnapshot().context.conversation?.id ?? null;
      if (state.conversationId !== current) {
        if (state.conversationId && state.visible) {
          const conversation = await findConversation(db, actor, state.conversationId);
          const members = await conversationMemberIds(db, conversation);
          const peerId = conversation.type === 'private' ? (members.find((id) => id !== actor.userId) ?? null) : null;
          machine.send({
            type: 'conversation.open',
            conversation: { id: conversation.id, type: conversation.type, teamId: conversation.teamId, peerId },
          });
        } else if (!state.conversationId && machine.getSnapshot().matches({ visibility: 'visible' })) {
          machine.send({ type: 'conversation.close' });
        } else {
          machine.stop();
          machine = start(socket);
        }
      }
      machine.send({ type: state.visible ? 'chat.show' : 'chat.hide' });
    },

    /** A message given to this socket: its machine decides read (open and in view) or leaves it unread. */
    delivered(socket: IoSocket, message: ChatMessage) {
      // A stored message carries every field the chart reads (ChatMessageRef): given as it is.
      machines.get(socket)?.send({ type: 'message.received', message });
    },
  };
}

export type ChatStates = ReturnType<typeof createChatStates>;
