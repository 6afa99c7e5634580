import type { InferResponseType } from 'hono/client';
import { api, body, seg } from '../../lib/api.ts';

/** Wire shapes as the BFF's routes declare them (lib/api.ts), so client and server cannot drift apart. */
export type ManagedTeam = InferResponseType<typeof api.teams.manage.$get>['teams'][number];
export type TeamPerson = ManagedTeam['members'][number];

const team = (id: string) => ({ param: { id: seg(id) } });

export const teamsApi = {
  list: () => body(api.teams.manage.$get()).then((r) => r.teams),
  candidates: () => body(api.teams.candidates.$get()).then((r) => r.users),
  create: (teamName: string) => body(api.teams.$post({ json: { teamName } })),
  rename: (id: string, teamName: string) => body(api.teams[':id'].$put({ ...team(id), json: { teamName } })),
  remove: (id: string) => body(api.teams[':id'].$delete(team(id))),
  addMember: (id: string, userId: string) => body(api.teams[':id'].members.$post({ ...team(id), json: { userId } })),
  removeMember: (id: string, userId: string) =>
    body(api.teams[':id'].members[':userId'].$delete({ param: { id: seg(id), userId: seg(userId) } })),
};

/** A person's name as the page shows it. */
export const fullName = (p: Pick<TeamPerson, 'fname' | 'lname'>) => `${p.fname} ${p.lname}`.trim();
