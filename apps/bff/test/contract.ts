import { ZErrorBody } from '@majlis/contracts';
import { Hono } from 'hono';
import { z } from 'zod';
import { apiRoutes } from '../src/app.ts';
import { type DocumentedRoute, documentedRoutes } from '../src/http/openapi.ts';

/** The documented /api routes, read once from the route tree (no runtime needed: see app.ts apiRoutes). */
export const apiContract: DocumentedRoute[] = documentedRoutes(new Hono().route('/api', apiRoutes));

/** The route Hono would answer a request with: the first documented one of that method whose pattern matches. */
export function routeOf(method: string, path: string): DocumentedRoute | undefined {
  const wanted = method === 'HEAD' ? 'GET' : method;
  return apiContract.find((r) => r.method === wanted && r.pattern.test(path));
}

/**
 * Fails (throws) when an /api answer does not match its contract: a success, or a status the route declares, must
 * parse with the route's response schema from @majlis/contracts; any other 4xx/5xx must be the DESIGN §5 error shape.
 * Non-JSON answers (the .ics file, BBB's plain-text callbacks) and routes that declare nothing are not judged here;
 * test/contract.test.ts holds the list of routes without a response schema.
 */
export function checkAnswer(method: string, url: string, status: number, contentType: string | null, body: unknown) {
  const path = new URL(url, 'http://localhost').pathname;
  if (!path.startsWith('/api/') || body === undefined || !/^application\/json\b/.test(contentType ?? '')) return;
  const route = routeOf(method, path);
  const declared = route?.response && (route.statuses ?? [200]).includes(status);
  const schema = declared
    ? route?.response
    : status >= 400
      ? ZErrorBody
      : status >= 200 && status < 300
        ? route?.response
        : undefined;
  if (!schema) return;
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const what = schema === ZErrorBody ? 'the error shape' : `the response schema of ${route?.method} ${route?.path}`;
    throw new Error(
      `${method} ${path} answered ${status} with a body that breaks ${what}:\n${z.prettifyError(parsed.error)}`,
    );
  }
}
