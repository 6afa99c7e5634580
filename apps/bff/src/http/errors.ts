import { type ErrorBody, fieldIdsOf } from '@majlis/contracts';
import { AppError } from '@majlis/core/errors';
import { type DigitStyle, LOCALES } from '@majlis/i18n';
import { both, hasMessage } from '@majlis/i18n/server';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import type { Env } from '../env.ts';

/** DESIGN §5 error shape (ZErrorBody in @majlis/contracts), numbers in the signed-in reader's digit style. */
export function errorBody(err: AppError, digits?: DigitStyle | null): ErrorBody {
  // AppError.code is a plain string in core; ERROR_CODES and errors.test.ts keep it within the catalog's codes.
  const body: ErrorBody = {
    code: err.code as ErrorBody['code'],
    errorMessage: both(`error.${err.code}`, err.values, digits),
  };
  if (err.fields) {
    body.fields = Object.fromEntries(
      // The error's values fill the field messages too (PROVIDER_NOT_CONFIGURED's {provider} under `type`).
      Object.entries(err.fields).map(([field, id]) => [
        field,
        both(hasMessage(id) ? id : 'field.invalid', err.values, digits),
      ]),
    );
  }
  return body;
}

/** A zod failure as the bilingual 400 (field ids by contracts' fieldIdsOf, shared with the framework bench). */
export function fromZodError(error: { issues: readonly z.core.$ZodIssue[] }): AppError {
  return new AppError(400, 'VALIDATION_FAILED', fieldIdsOf(error));
}

/** Socket errors of a database that is away (refused, reset, unreachable, timed out). */
const UNAVAILABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/**
 * SQLSTATEs that mean "not now" rather than "wrong": class 08 connection exceptions, class 53 insufficient resources
 * (too many connections, out of memory), 57P01-57P03 shutdown / starting up, and 57014, the statement_timeout cancel.
 */
const UNAVAILABLE_SQLSTATE = /^(08...|53...|57P0[123]|57014)$/;
/** What node-postgres, pg-pool and PGlite say when the connection is gone; they set no code on these. */
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Client was closed|Cannot use a pool after calling end|PGlite is closed)/;

/**
 * Whether an error (or one it wraps: drizzle's DrizzleQueryError keeps the driver's error as `cause`, and a refused
 * connection to a name with several addresses is an AggregateError) says the database is unreachable or timed out.
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!(err instanceof Error) || depth > 5) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_ERRNOS.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true;
  if (UNAVAILABLE_MESSAGE.test(err.message)) return true;
  if (err instanceof AggregateError && err.errors.some((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  return isDatabaseUnavailable(err.cause, depth + 1);
}

/** Seconds a client is asked to wait after a 503 (about one connect timeout: the database may be back by then). */
export const RETRY_AFTER_SECONDS = 5;

/** Everything thrown under /api ends here as the bilingual shape; nothing leaks a stack trace. */
export function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof z.ZodError) return fromZodError(err);
  if (isDatabaseUnavailable(err)) return new AppError(503, 'SERVICE_UNAVAILABLE');
  if (err instanceof HTTPException) {
    const message = err.message.toLowerCase();
    if (err.status === 413) return new AppError(413, 'PAYLOAD_TOO_LARGE');
    if (message.includes('content-type')) return new AppError(415, 'UNSUPPORTED_MEDIA_TYPE');
    if (message.includes('json')) return new AppError(400, 'INVALID_JSON');
    if (err.status === 401) return new AppError(401, 'UNAUTHENTICATED');
    if (err.status === 403) return new AppError(403, 'FORBIDDEN');
    if (err.status === 404) return new AppError(404, 'NOT_FOUND');
    if (err.status < 500) return new AppError(400, 'VALIDATION_FAILED');
  }
  return new AppError(500, 'INTERNAL');
}

export function renderError(c: Context<Env>, err: AppError) {
  if (err.status === 429 && err.values?.seconds) c.header('Retry-After', String(err.values.seconds));
  if (err.status === 503) c.header('Retry-After', String(RETRY_AFTER_SECONDS));
  // Before the session middleware ran (or without one) there is no reader yet: the language's digits.
  return c.json(errorBody(err, c.get('actor')?.digits), err.status as ContentfulStatusCode);
}

export const SUPPORTED_LOCALES = LOCALES;
