import {
  ZAcceptInvitationAnswer,
  ZAcceptInvitationBody,
  ZAccountInvitationList,
  ZAccountInvitationResent,
  ZAccountInvitationView,
  ZAddUserAnswer,
  ZAddUserBody,
  ZAuditList,
  ZAuditQuery,
  ZIdParam,
  ZInvitationToken,
  ZManagedUser,
  ZOk,
  ZUnassignAnswer,
  ZUpdateUserBody,
  ZUserAnswer,
  ZUserList,
  ZUserListQuery,
  ZUserStatusBody,
} from '@majlis/contracts';
import { findActor, toSessionUser } from '@majlis/core/auth/actor';
import { AppError } from '@majlis/core/errors';
import { acceptInvitation, viewInvitation } from '@majlis/core/users/accept-invitation';
import { addUser } from '@majlis/core/users/add-user';
import { findManagedUser } from '@majlis/core/users/find-user';
import {
  invitationAccountClosed,
  listInvitations,
  resendInvitation,
  revokeInvitation,
} from '@majlis/core/users/invitations';
import { listAudit } from '@majlis/core/users/list-audit';
import { listUsers } from '@majlis/core/users/list-users';
import { removeUser, setUserStatus, updateUser } from '@majlis/core/users/manage-user';
import { Hono } from 'hono';
import type { Env } from '../env.ts';
import { keepChosenLanguage } from '../http/chosen-language.ts';
import { institutionWritable } from '../http/institution-gate.ts';
import { actorChanged, needsPower, requireActor, startSession } from '../http/session.ts';
import { doc, idParam, jsonBody, paramsOf, queryOf } from '../http/validate.ts';

const tags = ['users'];
const power = 'manageUsers' as const;

/** Refuses a user without the power before the body is read: a member learns 403, never a validation detail. */
const mayManage = needsPower(power);

/** The link's token; a malformed one is as unknown as a used one (404 INVITATION_INVALID, never a 400). */
function tokenOf(token: string): string {
  if (!ZInvitationToken.safeParse(token).success) throw new AppError(404, 'INVITATION_INVALID');
  return token;
}

/**
 * User management of the acting institution (/dashbord/userManagement) and the invitation link a new official or
 * member accepts (/invite/<token>). Ids of another account's users answer 404; every change writes an audit row.
 */
export const userRoutes = new Hono<Env>()
  .get(
    '/users',
    doc('Officials and members of the account, paged and searched by name or e-mail', {
      tags,
      response: ZUserList,
      power,
    }),
    mayManage,
    queryOf(ZUserListQuery),
    async (c) => c.json(await listUsers(c.get('runtime').db, requireActor(c), c.req.valid('query'))),
  )
  .post(
    '/users',
    doc('Add a user with an initial password, or invite them by e-mail (always so for an existing Majlis user)', {
      tags,
      response: ZAddUserAnswer,
      statuses: [201, 202],
      power,
    }),
    mayManage,
    institutionWritable,
    jsonBody(ZAddUserBody),
    async (c) => {
      const { db, config, limits } = c.get('runtime');
      const actor = requireActor(c);
      await limits.consume('usersAddAccount', actor.accountId);
      const answer = await addUser(db, config, actor, c.req.valid('json'), {
        ip: c.get('ip'),
        locale: c.get('locale'),
      });
      return c.json(answer, answer.status === 'created' ? 201 : 202);
    },
  )
  // Before /users/:id, which would take the word for an id.
  .get(
    '/users/audit',
    doc("The account's audit log, newest first (owner only)", { tags, response: ZAuditList, power: 'viewAudit' }),
    queryOf(ZAuditQuery),
    async (c) => c.json(await listAudit(c.get('runtime').db, requireActor(c), c.req.valid('query'))),
  )
  .get(
    '/users/invitations',
    doc('Invitations not yet accepted nor revoked: who, role, who invited and when, and whether the link still works', {
      tags,
      response: ZAccountInvitationList,
      power,
    }),
    mayManage,
    async (c) => c.json(await listInvitations(c.get('runtime').db, requireActor(c))),
  )
  .post(
    '/users/invitations/:id/resend',
    doc('Send an invitation again: a new link (the old one stops working), a new expiry, in the sender’s name', {
      tags,
      response: ZAccountInvitationResent,
      power,
    }),
    mayManage,
    // Sending an invitation again is inviting: read-only while the institution's month has lapsed (revoking stays open).
    institutionWritable,
    async (c) => {
      const { db, config, limits } = c.get('runtime');
      const actor = requireActor(c);
      // A malformed id is as unknown as another account's: 404.
      const id = idParam(c.req.param('id'));
      // Each resend is an e-mail to somebody who is not a user: a few per invitation, within the account's budget.
      await limits.consume('invitationResend', `${actor.accountId}:${id}`);
      await limits.consume('usersAddAccount', actor.accountId);
      return c.json(await resendInvitation(db, config, actor, id, c.get('ip')));
    },
  )
  .delete(
    '/users/invitations/:id',
    doc('Revoke an invitation: its link then says it was withdrawn', { tags, response: ZOk, power }),
    mayManage,
    async (c) => {
      const { db, limits } = c.get('runtime');
      const actor = requireActor(c);
      const id = idParam(c.req.param('id'));
      await limits.consume('invitationWrites', actor.userId);
      await revokeInvitation(db, actor, id, c.get('ip'));
      return c.json({ ok: true as const });
    },
  )
  .get(
    '/users/:id',
    doc('A user of the acting institution', { tags, response: ZManagedUser, power }),
    paramsOf(ZIdParam),
    async (c) => c.json(await findManagedUser(c.get('runtime').db, requireActor(c), c.req.valid('param').id)),
  )
  .put(
    '/users/:id',
    doc(
      "Change the role (admin|member); never the owner by an admin, never your own role; a person's name and phone are theirs (400)",
      {
        tags,
        response: ZUserAnswer,
        power,
      },
    ),
    mayManage,
    institutionWritable,
    paramsOf(ZIdParam),
    jsonBody(ZUpdateUserBody),
    async (c) => {
      const { id } = c.req.valid('param');
      const user = await updateUser(c.get('runtime'), requireActor(c), id, c.req.valid('json'), c.get('ip'));
      // Their role here: the actor their sessions in this account carry changes with them.
      await actorChanged(c, id);
      return c.json({ user });
    },
  )
  .put(
    '/users/:id/status',
    doc('Activate or deactivate in this account: inactive ends their sessions here and cuts their sockets', {
      tags,
      response: ZUserAnswer,
      power,
    }),
    mayManage,
    institutionWritable,
    paramsOf(ZIdParam),
    jsonBody(ZUserStatusBody),
    async (c) => {
      const { id } = c.req.valid('param');
      const user = await setUserStatus(c.get('runtime'), requireActor(c), id, c.req.valid('json').active, c.get('ip'));
      return c.json({ user });
    },
  )
  .delete(
    '/users/:id',
    doc('Remove from the account; de-assigns their rooms here, deleting their meetings in them → { deletedMeetings }', {
      tags,
      response: ZUnassignAnswer,
      power,
    }),
    mayManage,
    institutionWritable,
    paramsOf(ZIdParam),
    async (c) => c.json(await removeUser(c.get('runtime'), requireActor(c), c.req.valid('param').id, c.get('ip'))),
  )
  .get(
    '/account-invitations/:token',
    doc('What an invitation link offers (public; the e-mail masked)', {
      tags,
      public: true,
      response: ZAccountInvitationView,
    }),
    async (c) => {
      const { db, config, limits } = c.get('runtime');
      await limits.consume('invitationIp', c.get('ip'));
      c.header('Cache-Control', 'no-store');
      return c.json(await viewInvitation(db, config, tokenOf(c.req.param('token'))));
    },
  )
  .post(
    '/account-invitations/:token/accept',
    doc('Accept an invitation: a new person sets a password; an existing user must be signed in as the invitee', {
      tags,
      public: true,
      response: ZAcceptInvitationAnswer,
    }),
    jsonBody(ZAcceptInvitationBody),
    async (c) => {
      const { db, config, limits } = c.get('runtime');
      await limits.consume('invitationIp', c.get('ip'));
      const { userId, accountId } = await acceptInvitation(db, config, tokenOf(c.req.param('token')), {
        ...c.req.valid('json'),
        actor: c.get('actor') ?? null,
        ip: c.get('ip'),
      });
      await keepChosenLanguage(c, userId);
      // A new session id: the user now acts in the inviting account (and a new person is signed in for the first time).
      await startSession(c, userId, accountId);
      const actor = await findActor(db, userId, accountId);
      // Suspended in the instant since the commit (every check ran before it): refused, never a 500.
      if (!actor) throw invitationAccountClosed();
      c.set('actor', actor);
      return c.json({ user: toSessionUser(actor) });
    },
  );
