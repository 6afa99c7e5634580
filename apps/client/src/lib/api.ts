import type { AppType } from '@majlis/bff';
import { hc, parseResponse } from 'hono/client';
import { apiFetch, inlineAuthFetch } from './http.ts';

/**
 * The BFF's routes as a typed client: paths, path params, queries, bodies and answers are checked against the
 * server's route definitions. `AppType` is a type-only import (erased by the compiler), so no server code reaches the
 * bundle. Requests go through lib/http.ts's fetch (CSRF, session end on 401, stale-token retry); a non-2xx answer
 * throws an ApiError.
 */
export const api = hc<AppType>('/', { fetch: apiFetch }).api;

/** Per-call option for the sign-in and password forms: a 401 there is a wrong password, shown on the form. */
export const inlineAuth = { fetch: inlineAuthFetch };

/**
 * The body of a successful answer, typed from the route. Errors never reach it: the fetch above throws them first.
 * e.g. `await body(api.meetings[':id'].$get({ param: { id } }))`.
 */
export const body = parseResponse;

/** A path segment: ids come from the server, but a stray '/' or '?' must not change the route (hc does not encode). */
export const seg = encodeURIComponent;
