import {
  type TMessageStatusBody,
  ZActiveTeam,
  ZChatMessage,
  ZClearUnreadAnswer,
  ZContact,
  ZConversation,
  ZMarkUnreadAnswer,
  ZMessageHistoryQuery,
  ZMessageStatusBody,
  ZOpenConversationBody,
  ZSendMessageBody,
  ZUnreadRecord,
} from '@majlis/contracts/chat';
import { ZOk } from '@majlis/contracts/common';
import { knownHere } from '@majlis/core/chat/away';
import { assertSelf, findConversation, toConversationView } from '@majlis/core/chat/chat-access';
import { findActiveTeams, findChatUsers, findTeamUsers } from '@majlis/core/chat/chat-users';
import { findMessages } from '@majlis/core/chat/find-messages';
import { notifyAwayLater } from '@majlis/core/chat/notify-unread';
import { openPrivateConversation, openTeamConversation } from '@majlis/core/chat/open-conversation';
import { sendMessage } from '@majlis/core/chat/send-message';
import { clearUnread, listUnread, markRead, markUnread } from '@majlis/core/chat/unread';
import { AppError } from '@majlis/core/errors';
import { Hono } from 'hono';
import { z } from 'zod';
import type { Env } from '../env.ts';
import { requireActor } from '../http/session.ts';
import { doc, idParam, jsonBody, queryOf } from '../http/validate.ts';

/** Team chat of spec §7: contacts, conversations, history, sending and the unread records. */
export const chatRoutes = new Hono<Env>()
  .get(
    '/teams/all/active',
    doc('Teams with chat activity, most recent first', { tags: ['chat'], response: z.array(ZActiveTeam) }),
    async (c) => c.json(await findActiveTeams(c.get('runtime').db, requireActor(c))),
  )
  .get(
    '/chat/users',
    doc('Users of the acting account to chat with', { tags: ['chat'], response: z.array(ZContact) }),
    async (c) => c.json(await findChatUsers(c.get('runtime').db, requireActor(c))),
  )
  .get('/chat/users/:teamId', doc('Users of a team', { tags: ['chat'], response: z.array(ZContact) }), async (c) =>
    c.json(await findTeamUsers(c.get('runtime').db, requireActor(c), idParam(c.req.param('teamId')))),
  )
  .get(
    '/chat/message/status/unread',
    doc('Unread messages of the user (the newest 500, oldest first)', {
      tags: ['chat'],
      response: z.array(ZUnreadRecord),
    }),
    async (c) => c.json(await listUnread(c.get('runtime').db, requireActor(c))),
  )
  /** Spec §4: a message that arrived while its conversation was not open is kept as unread. */
  .post(
    '/chat/message/status/unread',
    doc('Keep a message as unread', { tags: ['chat'], response: ZMarkUnreadAnswer }),
    jsonBody(ZMessageStatusBody),
    async (c) => {
      const actor = requireActor(c);
      const body = c.req.valid('json');
      assertSelf(actor, body);
      const record = await markUnread(c.get('runtime').db, actor, statusRef(body));
      return c.json({ ok: true, unread: record });
    },
  )
  .post(
    '/chat/message/status/read',
    doc('Mark one message read', { tags: ['chat'], response: ZOk }),
    jsonBody(ZMessageStatusBody),
    async (c) => {
      const actor = requireActor(c);
      const body = c.req.valid('json');
      assertSelf(actor, body);
      await markRead(c.get('runtime').db, actor, statusRef(body));
      return c.json({ ok: true });
    },
  )
  /** Spec §4: opening a conversation deletes its unread records. */
  .delete(
    '/chat/message/status/all/:conversationId',
    doc('Clear the unread records of a conversation', { tags: ['chat'], response: ZClearUnreadAnswer }),
    async (c) => {
      const deleted = await clearUnread(c.get('runtime').db, requireActor(c), idParam(c.req.param('conversationId')));
      return c.json({ ok: true, deleted });
    },
  )
  .get(
    '/chat/message/:conversationId',
    doc('History of a conversation, newest last; `before` pages back, `after` reads what was missed', {
      tags: ['chat'],
      response: z.array(ZChatMessage),
    }),
    queryOf(ZMessageHistoryQuery),
    async (c) =>
      c.json(
        await findMessages(
          c.get('runtime').db,
          requireActor(c),
          idParam(c.req.param('conversationId')),
          c.req.valid('query'),
        ),
      ),
  )
  /** Persist first, then publish: the receivers on every instance get `getMessage`. */
  .post(
    '/chat/message',
    doc('Send a message → 201, or 200 with the stored one for a repeated messageId', {
      tags: ['chat'],
      response: ZChatMessage,
      statuses: [200, 201],
    }),
    jsonBody(ZSendMessageBody),
    async (c) => {
      const actor = requireActor(c);
      const body = c.req.valid('json');
      assertSelf(actor, { userId: body.sender });
      const { db, bus } = c.get('runtime');
      const conversation = await findConversation(db, actor, body.conversationId);
      if (body.type && body.type !== conversation.type) throw new AppError(403, 'FORBIDDEN');
      if (body.teamId && body.teamId !== conversation.teamId) throw new AppError(403, 'FORBIDDEN');
      const { message, created, away } = await sendMessage({ db, bus }, actor, {
        text: body.text,
        messageId: body.messageId,
        conversationId: conversation.id,
        here: knownHere(c.get('runtime').chatPresence, actor.accountId),
      });
      if (created) void notifyAwayLater(c.get('runtime'), actor, message, away);
      return c.json(message, created ? 201 : 200);
    },
  )
  /** The same team, or the same pair of users, always gets the same conversation. */
  .post(
    '/chat/conversation',
    doc('Open a team or private conversation', { tags: ['chat'], response: ZConversation }),
    jsonBody(ZOpenConversationBody),
    async (c) => {
      const actor = requireActor(c);
      const body = c.req.valid('json');
      assertSelf(actor, { ownerId: body.ownerId, userId: body.type === 'private' ? body.senderId : undefined });
      const { db } = c.get('runtime');
      const conversation =
        body.type === 'team'
          ? await openTeamConversation(db, actor, body.teamId)
          : await openPrivateConversation(db, actor, body.recieverId);
      return c.json(await toConversationView(db, conversation));
    },
  );

function statusRef(body: TMessageStatusBody) {
  const id = body.id ?? (body._id && /^\d+$/.test(body._id) ? Number(body._id) : undefined);
  return { conversationId: body.conversationId, id, messageId: body.messageId };
}
