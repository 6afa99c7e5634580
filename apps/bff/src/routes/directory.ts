import { ZOk, ZTeamDetail, ZTeamList } from '@majlis/contracts';
import { ZManagedTeam, ZManagedTeamList, ZTeamBody, ZTeamCandidates, ZTeamMemberBody } from '@majlis/contracts/teams';
import { requirePower } from '@majlis/core/auth/powers';
import { requireInstitutionWritable } from '@majlis/core/billing/institution-month';
import { findTeam, findTeams } from '@majlis/core/teams/find-teams';
import {
  createTeam,
  deleteTeam,
  findManagedTeams,
  findTeamCandidates,
  renameTeam,
  type TeamActor,
} from '@majlis/core/teams/manage-teams';
import { addTeamMember, removeTeamMemberAs } from '@majlis/core/teams/team-members';
import { type Context, Hono } from 'hono';
import type { Env } from '../env.ts';
import { needsPower, requireActor } from '../http/session.ts';
import { doc, idParam, jsonBody } from '../http/validate.ts';

/** The actor of a team change, counted against its account's team-write limit once it may make one. */
async function teamWriter(c: Context<Env>): Promise<TeamActor> {
  const actor = requireActor(c);
  requirePower(actor, 'manageTeams');
  await requireInstitutionWritable(c.get('runtime').db, actor);
  await c.get('runtime').limits.consume('teamWrites', actor.accountId);
  return { ...actor, ip: c.get('ip') };
}

/** Refuses a user without the power before their body is read: a member learns 403, never a validation detail. */
const mayManage = needsPower('manageTeams');

const tags = ['teams'];
const power = 'manageTeams' as const;

/** Teams of the acting account; ids of another account answer 404 (its users: routes/users.ts). */
export const directoryRoutes = new Hono<Env>()
  .get('/teams', doc('Teams the user can see (spec Team: _id, teamName)', { response: ZTeamList }), async (c) =>
    c.json(await findTeams(c.get('runtime').db, requireActor(c))),
  )
  // Before /teams/:id, which would take these words for ids.
  .get('/teams/manage', doc('Every team with its members', { tags, response: ZManagedTeamList, power }), async (c) =>
    c.json({ teams: await findManagedTeams(c.get('runtime').db, requireActor(c)) }),
  )
  .get(
    '/teams/candidates',
    doc('Active members a team may take', { tags, response: ZTeamCandidates, power }),
    async (c) => c.json({ users: await findTeamCandidates(c.get('runtime').db, requireActor(c)) }),
  )
  .post(
    '/teams',
    doc('Create a team → 201 (409 TEAM_NAME_TAKEN)', { tags, response: ZManagedTeam, statuses: [201], power }),
    mayManage,
    jsonBody(ZTeamBody),
    async (c) => c.json(await createTeam(c.get('runtime'), await teamWriter(c), c.req.valid('json')), 201),
  )
  .get('/teams/:id', doc('One team with its members', { response: ZTeamDetail }), async (c) =>
    c.json(await findTeam(c.get('runtime').db, requireActor(c), idParam(c.req.param('id')))),
  )
  .put(
    '/teams/:id',
    doc('Rename a team (409 TEAM_NAME_TAKEN)', { tags, response: ZManagedTeam, power }),
    mayManage,
    jsonBody(ZTeamBody),
    async (c) =>
      c.json(await renameTeam(c.get('runtime'), await teamWriter(c), idParam(c.req.param('id')), c.req.valid('json'))),
  )
  .delete(
    '/teams/:id',
    doc('Delete a team, its conversation and history', { tags, response: ZOk, power }),
    mayManage,
    async (c) => {
      await deleteTeam(c.get('runtime'), await teamWriter(c), idParam(c.req.param('id')));
      return c.json({ ok: true as const });
    },
  )
  .post(
    '/teams/:id/members',
    doc('Add an active member of the account to a team', { tags, response: ZManagedTeam, power }),
    mayManage,
    jsonBody(ZTeamMemberBody),
    async (c) => {
      const id = idParam(c.req.param('id'));
      const { db } = c.get('runtime');
      const actor = await teamWriter(c);
      await addTeamMember(c.get('runtime'), actor, id, c.req.valid('json').userId);
      const [team] = await findManagedTeams(db, actor, id);
      if (!team) throw new Error('team vanished after adding a member');
      return c.json(team);
    },
  )
  .delete(
    '/teams/:id/members/:userId',
    doc('Take a user out of a team', { tags, response: ZOk, power }),
    mayManage,
    async (c) => {
      const id = idParam(c.req.param('id'));
      const userId = idParam(c.req.param('userId'));
      await removeTeamMemberAs(c.get('runtime'), await teamWriter(c), id, userId);
      return c.json({ ok: true as const });
    },
  );
