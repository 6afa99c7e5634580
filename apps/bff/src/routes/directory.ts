import { findManagedUser, findTeam, findTeams, notFound } from '@majlis/core';
import { Hono } from 'hono';
import type { Env } from '../env.ts';
import { requireActor } from '../http/session.ts';
import { doc } from '../http/validate.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
function idParam(id: string): string {
  if (!UUID.test(id)) throw notFound();
  return id;
}

/** Teams and users of the acting account; ids of another account answer 404. */
export const directoryRoutes = new Hono<Env>()
  .get('/teams', doc('Teams the user can see (spec Team: _id, teamName)'), async (c) =>
    c.json(await findTeams(c.get('runtime').db, requireActor(c))),
  )
  .get('/teams/:id', doc('One team with its members'), async (c) =>
    c.json(await findTeam(c.get('runtime').db, requireActor(c), idParam(c.req.param('id')))),
  )
  .get('/users/:id', doc('A user of the acting institution'), async (c) =>
    c.json(await findManagedUser(c.get('runtime').db, requireActor(c), idParam(c.req.param('id')))),
  );
