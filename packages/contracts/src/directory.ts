import { z } from 'zod';
import { ZTeam } from './chat.ts';

/** Wire contract: teams and users of the acting account (/api/teams, /api/users/{id}). */

export const ZTeamList = z.array(ZTeam);
/** One team with its members. */
export const ZTeamDetail = ZTeam.extend({
  members: z.array(z.strictObject({ userId: z.string(), role: z.enum(['admin', 'member']) })),
}).strict();
export type TeamDetail = z.infer<typeof ZTeamDetail>;

/** A user of the acting institution, for its owner and admins. */
export const ZManagedUser = z.strictObject({
  user: z.strictObject({
    id: z.string(),
    fname: z.string(),
    lname: z.string(),
    email: z.string(),
    phone: z.string(),
    picture: z.string().nullable(),
    role: z.enum(['owner', 'admin', 'member']),
    active: z.boolean(),
  }),
});
export type ManagedUser = z.infer<typeof ZManagedUser>;
