import { z } from 'zod';
import { nameText } from './strings.ts';

/**
 * Wire contract of team setup (/dashbord/teamsManagement, issue 11): create, rename and delete teams of the acting
 * institution, and add or remove its active members. Field messages are catalog ids of server.po.
 */

export const TEAM_NAME_MAX = 100;

export const ZTeamName = nameText('field.teamName').trim().min(1, 'field.teamName').max(TEAM_NAME_MAX, 'field.tooLong');

/** POST /api/teams and PUT /api/teams/{id}: the spec's `teamName`. */
export const ZTeamBody = z.strictObject({ teamName: ZTeamName });
export type TeamBody = z.input<typeof ZTeamBody>;

/** POST /api/teams/{id}/members: one user of the acting institution. */
export const ZTeamMemberBody = z.strictObject({ userId: z.uuid('field.teamMember') });
export type TeamMemberBody = z.input<typeof ZTeamMemberBody>;

/** A person as the team page shows them. */
export const ZTeamPerson = z.strictObject({
  userId: z.uuid(),
  fname: z.string(),
  lname: z.string(),
  email: z.string(),
  picture: z.string().nullable(),
});
export type TeamPerson = z.infer<typeof ZTeamPerson>;

/** One team with its members, as the management page lists it. */
export const ZManagedTeam = z.strictObject({ _id: z.uuid(), teamName: z.string(), members: z.array(ZTeamPerson) });
export type ManagedTeam = z.infer<typeof ZManagedTeam>;

/** GET /api/teams/manage: every team of the institution with its members. */
export const ZManagedTeamList = z.strictObject({ teams: z.array(ZManagedTeam) });

/** GET /api/teams/candidates: the active members of the institution, whom a team may take. */
export const ZTeamCandidates = z.strictObject({ users: z.array(ZTeamPerson) });
