import { Hono } from 'hono';
import type { Env } from '../env.ts';

/** /api/reports: see packages/contracts/src/reports.ts. */
export const reportsRoutes = new Hono<Env>();
