import { notFound } from '../errors.ts';
import type { Actor } from './actor.ts';

/**
 * The platform operator (users.is_ops, granted by grant-ops.ts) only. Anyone else, signed in or not, gets 404: to
 * them the operator's routes do not exist, so probing them tells nothing.
 */
export function requireOps(actor: Actor | null | undefined): Actor {
  if (!actor?.isOps) throw notFound();
  return actor;
}
