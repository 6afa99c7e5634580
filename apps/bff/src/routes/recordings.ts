import { Hono } from 'hono';
import type { Env } from '../env.ts';

/** /api/recordings: see packages/contracts/src/recordings.ts. */
export const recordingsRoutes = new Hono<Env>();
