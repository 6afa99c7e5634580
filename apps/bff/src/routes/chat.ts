import { multiLine, singleLine } from '@majlis/contracts';
import {
  AppError,
  clearUnread,
  findActiveTeams,
  findChatUsers,
  findConversation,
  findMessages,
  findTeamUsers,
  listUnread,
  MESSAGE_MAX_CHARS,
  markRead,
  markUnread,
  notFound,
  openPrivateConversation,
  openTeamConversation,
  sendMessage,
  toConversationView,
} from '@majlis/core';
import { Hono } from 'hono';
import { z } from 'zod';
import type { Env } from '../env.ts';
import { requireActor } from '../http/session.ts';
import { doc, idParam, jsonBody, queryOf } from '../http/validate.ts';

/** Spec §5: not empty, not only whitespace; at most 4,000 characters, kept as typed. */
export const ZMessageText = multiLine('field.message')
  .max(MESSAGE_MAX_CHARS, 'field.tooLong')
  .refine((v) => v.trim().length > 0, 'field.message');
/** The sender's own id of a message (spec `messageId`). */
export const ZClientMessageId = singleLine().trim().min(1).max(100);
const ZStreamId = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

const ZSendBody = z.strictObject({
  sender: z.uuid('field.invalid').optional(),
  text: ZMessageText,
  conversationId: z.uuid('field.invalid'),
  messageId: ZClientMessageId.optional(),
  type: z.enum(['team', 'private']).optional(),
  teamId: z.uuid('field.invalid').nullish(),
});

const ZConversationBody = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('team'), teamId: z.uuid('field.invalid'), ownerId: z.uuid('field.invalid') }),
    z.strictObject({
      type: z.literal('private'),
      senderId: z.uuid('field.invalid'),
      recieverId: z.uuid('field.invalid'),
      ownerId: z.uuid('field.invalid'),
    }),
  ],
  'field.invalid',
);

/** Spec §7 unread-status body: the message fields plus userId and ownerId. The message is found by id or messageId. */
const ZStatusBody = z.strictObject({
  id: ZStreamId.optional(),
  _id: singleLine().max(30).optional(),
  sender: z.uuid('field.invalid').optional(),
  text: multiLine().max(MESSAGE_MAX_CHARS, 'field.tooLong').optional(),
  type: z.enum(['team', 'private']).optional(),
  messageId: ZClientMessageId.optional(),
  conversationId: z.uuid('field.invalid'),
  teamId: z.uuid('field.invalid').nullish(),
  userId: z.uuid('field.invalid'),
  ownerId: z.uuid('field.invalid'),
  createdAt: singleLine().max(40).optional(),
});

const ZHistoryQuery = z.strictObject({
  before: ZStreamId.optional(),
  after: ZStreamId.optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});

/** The ids a body or event names for the caller must be the caller's own: another user or account is refused. */
export function assertSelf(actor: { userId: string; accountId: string }, ids: { userId?: string; ownerId?: string }) {
  if (ids.userId !== undefined && ids.userId !== actor.userId) throw new AppError(403, 'FORBIDDEN');
  if (ids.ownerId !== undefined && ids.ownerId !== actor.accountId) throw new AppError(403, 'FORBIDDEN');
}

/** Team chat of spec §7: contacts, conversations, history, sending and the unread records. */
export const chatRoutes = new Hono<Env>()
  .get('/teams/all/active', doc('Teams with chat activity, most recent first', { tags: ['chat'] }), async (c) =>
    c.json(await findActiveTeams(c.get('runtime').db, requireActor(c))),
  )
  .get('/chat/users', doc('Users of the acting account to chat with', { tags: ['chat'] }), async (c) =>
    c.json(await findChatUsers(c.get('runtime').db, requireActor(c))),
  )
  .get('/chat/users/:teamId', doc('Users of a team', { tags: ['chat'] }), async (c) =>
    c.json(await findTeamUsers(c.get('runtime').db, requireActor(c), idParam(c.req.param('teamId')))),
  )
  .get('/chat/message/status/unread', doc('Unread messages of the user', { tags: ['chat'] }), async (c) =>
    c.json(await listUnread(c.get('runtime').db, requireActor(c))),
  )
  /** Spec §4: a message that arrived while its conversation was not open is kept as unread. */
  .post(
    '/chat/message/status/unread',
    doc('Keep a message as unread', { tags: ['chat'] }),
    jsonBody(ZStatusBody),
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
    doc('Mark one message read', { tags: ['chat'] }),
    jsonBody(ZStatusBody),
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
    doc('Clear the unread records of a conversation', { tags: ['chat'] }),
    async (c) => {
      const deleted = await clearUnread(c.get('runtime').db, requireActor(c), idParam(c.req.param('conversationId')));
      return c.json({ ok: true, deleted });
    },
  )
  .get(
    '/chat/message/:conversationId',
    doc('History of a conversation, newest last; `before` pages back, `after` reads what was missed', {
      tags: ['chat'],
    }),
    queryOf(ZHistoryQuery),
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
  .post('/chat/message', doc('Send a message', { tags: ['chat'] }), jsonBody(ZSendBody), async (c) => {
    const actor = requireActor(c);
    const body = c.req.valid('json');
    if (body.sender !== undefined && body.sender !== actor.userId) throw new AppError(403, 'FORBIDDEN');
    const { db, bus } = c.get('runtime');
    const conversation = await findConversation(db, actor, body.conversationId);
    if (body.type && body.type !== conversation.type) throw new AppError(403, 'FORBIDDEN');
    if (body.teamId && body.teamId !== conversation.teamId) throw new AppError(403, 'FORBIDDEN');
    const { message, created } = await sendMessage({ db, bus }, actor, {
      text: body.text,
      messageId: body.messageId,
      conversationId: conversation.id,
    });
    return c.json(message, created ? 201 : 200);
  })
  /** The same team, or the same pair of users, always gets the same conversation. */
  .post(
    '/chat/conversation',
    doc('Open a team or private conversation', { tags: ['chat'] }),
    jsonBody(ZConversationBody),
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

function statusRef(body: z.infer<typeof ZStatusBody>) {
  const id = body.id ?? (body._id && /^\d+$/.test(body._id) ? Number(body._id) : undefined);
  return { conversationId: body.conversationId, id, messageId: body.messageId };
}
