import type { TErrorCode } from '@majlis/contracts';
import { apiAnswerSchema, apiRouteOf } from '@majlis/contracts/api-answers';
import arServer from '@majlis/i18n/locales/ar/server.po?raw';
import enServer from '@majlis/i18n/locales/en/server.po?raw';
import { parsePo } from '@majlis/i18n/po';
import { vi } from 'vitest';
import { z } from 'zod';
import { breaks } from './contract-breaks.ts';

export interface FakeResponse {
  status?: number;
  body?: unknown;
}

// The server catalogs as text: @majlis/i18n/server reads them from disk, which the page's module graph cannot.
const serverCatalog = (po: string) => new Map(parsePo(po).map((e) => [e.msgid, e.msgstr]));
const catalogs = { ar: serverCatalog(arServer), en: serverCatalog(enServer) };
const words = (id: string) => ({ ar: catalogs.ar.get(id) ?? id, en: catalogs.en.get(id) ?? id });

/**
 * An error answer as the BFF's onError renders it (DESIGN §5): the code, and its catalog words in both languages
 * (messages without placeholders), so a test shows the words a user would read. `fields` maps a field to its
 * message id (`field.…`).
 */
export function apiError(status: number, code: TErrorCode, fields?: Record<string, string>): FakeResponse {
  const body = { code, errorMessage: words(`error.${code}`) };
  if (!fields) return { status, body };
  const named = Object.fromEntries(Object.entries(fields).map(([field, id]) => [field, words(id)]));
  return { status, body: { ...body, fields: named } };
}

/** What the BFF answers a request it has no route for. */
const NOT_FOUND = apiError(404, 'NOT_FOUND');

/**
 * Why an answer of the fake could never come from the BFF, or undefined when it could: the request must reach a
 * route, and the answer (when given) must fit that route's schema in @majlis/contracts (contracts/api-answers.ts, which a BFF test
 * keeps equal to the routes), or the error shape for a failure. Without this, client tests passed on answers with
 * two of the six fields of GET /api/usertrial (issue 27).
 */
function contractBreak(method: string, path: string, answer?: FakeResponse): string | undefined {
  const route = apiRouteOf(method, path);
  if (!route) return `fakeBff: ${method} ${path} is no route of the BFF (packages/contracts/src/api-answers.ts)`;
  if (!answer) return undefined;
  const status = answer.status ?? 200;
  const parsed = apiAnswerSchema(route, status)?.safeParse(answer.body ?? {});
  if (!parsed || parsed.success) return undefined;
  return `fakeBff: ${method} ${path} answers ${status} with a body the BFF never sends (${route}):\n${z.prettifyError(parsed.error)}`;
}

/**
 * A fake BFF: `handlers` maps "METHOD /path" to an answer (or a function giving one); everything is recorded. Every
 * answer must be one the BFF could send (contractBreak): a fixed one is judged here, so the test fails at its
 * fakeBff call; one a function makes is judged when asked, and the test fails after it ran (setup.ts).
 */
export function fakeBff(
  handlers: Record<string, FakeResponse | ((init: RequestInit) => FakeResponse | Promise<FakeResponse>)>,
) {
  const wrong = Object.entries(handlers).flatMap(([key, handler]) => {
    const [method = '', path = ''] = key.split(' ');
    const why = contractBreak(method, path, typeof handler === 'function' ? undefined : handler);
    return why ? [why] : [];
  });
  if (wrong.length) throw new Error(wrong.join('\n\n'));
  const calls: { method: string; path: string; headers: Record<string, string>; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    // Header names lower-case, as a browser's Headers gives them (happy-dom keeps the case they were set with).
    const headers = Object.fromEntries([...new Headers(init.headers)].map(([k, v]) => [k.toLowerCase(), v]));
    calls.push({ method, path: url.pathname, headers, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const handler = handlers[`${method} ${url.pathname}`];
    const answer = typeof handler === 'function' ? await handler(init) : (handler ?? NOT_FOUND);
    if (typeof handler === 'function' || (!handler && url.pathname.startsWith('/api/'))) {
      const why = contractBreak(method, url.pathname, answer);
      if (why) breaks.push(why);
    }
    return new Response(JSON.stringify(answer.body ?? {}), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}
