import { ZManagedUser, ZTeamDetail, ZTeamList } from '@majlis/contracts';
import { findTeam, findTeams } from '@majlis/core/teams/find-teams';
import { findManagedUser } from '@majlis/core/users/find-user';
import { Hono } from 'hono';
import type { Env } from '../env.ts';
import { requireActor } from '../http/session.ts';
import { doc, idParam } from '../http/validate.ts';

/** Teams and users of the acting account; ids of another account answer 404. */
export const directoryRoutes = new Hono<Env>()
  .get('/teams', doc('Teams the user can see (spec Team: _id, teamName)', { response: ZTeamList }), async (c) =>
    c.json(await findTeams(c.get('runtime').db, requireActor(c))),
  )
  .get('/teams/:id', doc('One team with its members', { response: ZTeamDetail }), async (c) =>
    c.json(await findTeam(c.get('runtime').db, requireActor(c), idParam(c.req.param('id')))),
  )
  .get('/users/:id', doc('A user of the acting institution', { response: ZManagedUser }), async (c) =>
    c.json(await findManagedUser(c.get('runtime').db, requireActor(c), idParam(c.req.param('id')))),
  );
