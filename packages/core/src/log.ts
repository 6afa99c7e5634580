/**
 * Error logging that carries what an operator needs (where, the error class, its code, a message, the stack frames)
 * and none of the values a request put into it. `console.error(err)` is not safe: a DrizzleQueryError holds the
 * query's `params` (a password hash, an e-mail, a chat text) in its message and as a property, and the database
 * driver's error under `cause` holds them again (`detail: Failing row contains (…)`, `params`, and messages such as
 * `invalid input syntax for type integer: "<value>"`).
 */

/** Driver (PostgreSQL / PGlite) errors: a five-character SQLSTATE code. */
function isDriverError(err: object): err is { code: string } {
  return typeof (err as { code?: unknown }).code === 'string' && /^[0-9A-Z]{5}$/.test((err as { code: string }).code);
}

/**
 * A message without the values it may embed: Drizzle's "params:" part is cut; in a driver's message every quoted
 * part is blanked, since PostgreSQL quotes the offending value there (identifiers are lost too; `table`, `column`
 * and `constraint` are printed from their own fields instead).
 */
function safeMessage(err: object, driver: boolean): string {
  const raw = String((err as { message?: unknown }).message ?? '');
  let message = raw.split(/\n?\s*params:/)[0] ?? '';
  if (driver) message = message.replace(/"(?:[^"\\]|\\.)*"/g, '"…"').replace(/'(?:[^'\\]|\\.)*'/g, "'…'");
  return message.replace(/\s+/g, ' ').trim().slice(0, 300);
}

function describeOne(err: unknown): string {
  if (!(err instanceof Object)) return `${typeof err}`;
  // The class says more than `name` (DrizzleQueryError keeps 'Error'), unless a bundle minified it (PGlite's 'O').
  const ctor = err.constructor?.name ?? '';
  const name = ctor.length > 2 && ctor !== 'Error' ? ctor : ((err as { name?: unknown }).name ?? (ctor || 'Error'));
  const driver = isDriverError(err);
  const parts = [`${String(name)}${driver ? ` ${err.code}` : ''}: ${safeMessage(err, driver)}`];
  if (driver) {
    const meta = err as { table?: unknown; column?: unknown; constraint?: unknown; routine?: unknown };
    const named = (['table', 'column', 'constraint', 'routine'] as const)
      .filter((k) => typeof meta[k] === 'string' && meta[k])
      .map((k) => `${k}=${String(meta[k])}`);
    if (named.length) parts.push(`(${named.join(' ')})`);
  } else if (typeof (err as { code?: unknown }).code === 'string') {
    parts.push(`[${(err as { code: string }).code}]`);
  }
  return parts.join(' ');
}

/** Only the `at …` lines of a stack: its first line repeats the message, values included. */
function frames(err: unknown, max = 12): string[] {
  const stack = err instanceof Error && typeof err.stack === 'string' ? err.stack : '';
  return stack
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .slice(0, max);
}

/** One error and its causes, on one line, then (unless `stack: false`) the stack frames of the outermost one. */
export function describeError(err: unknown, opts: { stack?: boolean } = {}): string {
  const chain: string[] = [];
  let current: unknown = err;
  for (let depth = 0; current !== undefined && current !== null && depth < 4; depth++) {
    chain.push(describeOne(current));
    current = current instanceof Object ? (current as { cause?: unknown }).cause : undefined;
  }
  return [chain.join(' ← caused by '), ...(opts.stack === false ? [] : frames(err))].join('\n');
}

/** describeError on one line, without the stack: for warnings inside a longer log line. */
export const errorSummary = (err: unknown): string => describeError(err, { stack: false });

/** Logs a failure with where it happened; see describeError for what is kept out. */
export function logError(where: string, err: unknown, write: (line: string) => void = console.error): void {
  write(`[${where}] ${describeError(err)}`);
}
