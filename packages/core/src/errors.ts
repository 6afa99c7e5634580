import type { Values } from '@majlis/i18n/server';

export type ErrorStatus = 400 | 401 | 403 | 404 | 405 | 409 | 410 | 413 | 415 | 422 | 429 | 500 | 503;

/**
 * A failure the user can be told about. `code` names the catalog entry `error.<code>`;
 * `fields` maps a field name to a catalog id (`field.*`) rendered in both languages by the BFF.
 */
export class AppError extends Error {
  constructor(
    readonly status: ErrorStatus,
    readonly code: string,
    readonly fields?: Record<string, string>,
    readonly values?: Values,
  ) {
    super(code);
    this.name = 'AppError';
  }
}

export const notFound = () => new AppError(404, 'NOT_FOUND');
export const forbidden = (code = 'FORBIDDEN') => new AppError(403, code);
export const unauthenticated = () => new AppError(401, 'UNAUTHENTICATED');
export const invalid = (fields: Record<string, string>) => new AppError(400, 'VALIDATION_FAILED', fields);
