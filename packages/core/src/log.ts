/**
 * Structured logs (pino): one logger per process, JSON lines in production and a readable line per record elsewhere,
 * LOG_LEVEL honoured (configureLogging, called by each main). A record carries what an operator needs and none of the
 * values a request put into it: never a raw error, a query string, a request body, a cookie or a token.
 *
 * Errors go through describeError: the error class, its code, a message, the stack frames. A raw error is not safe to
 * print: a DrizzleQueryError holds the query's `params` (a password hash, an e-mail, a chat text) in its message and
 * as a property, and the database driver's error under `cause` holds them again (`detail: Failing row contains (…)`,
 * `params`, and messages such as `invalid input syntax for type integer: "<value>"`). The logger applies it to every
 * `err` field and to an error passed in place of the fields, so `log.error(err)` and `log.warn({ err }, '…')` are safe.
 */
import pino from 'pino';
import type { Config } from './config.ts';

export type Logger = pino.Logger;
export type LogLevel = Config['LOG_LEVEL'];
/** `json` for log collectors (production); `line` for a person reading a terminal (development, tests). */
export type LogFormat = 'json' | 'line';

export interface LoggerOptions {
  level?: LogLevel;
  format?: LogFormat;
  /** The process's role (`bff`, `worker`), a field of every record. */
  name?: string;
  /** Where a finished line goes; by default stderr from `warn` up and stdout below, as console.warn / console.log. */
  write?: (line: string, level: number) => void;
}

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

/** Logs a failure with where it happened (`bff POST /api/register`); see describeError for what is kept out. */
export function logError(where: string, err: unknown, log: Logger = logger): void {
  log.error({ err }, where);
}

const WARN = 40;
/** Fields the line format prints in its own place (or not at all). */
const FRAME = new Set(['level', 'time', 'pid', 'hostname', 'name', 'module', 'msg', 'err']);

function toStd(line: string, level: number): void {
  // Looked up on each call, not bound once: a test may replace process.stderr.write to see what is logged.
  if (level >= WARN) process.stderr.write(line);
  else process.stdout.write(line);
}

/** `12:04:05.120 WARN  [chat] message {"fields"}: Class: safe message` then the stack frames, for a terminal. */
function asLine(json: string): string {
  const rec = JSON.parse(json) as Record<string, unknown>;
  const time = typeof rec.time === 'string' ? rec.time.slice(11, 23) : '';
  const tag = rec.module ? `[${String(rec.module)}] ` : '';
  const extra = Object.entries(rec).filter(([k]) => !FRAME.has(k));
  const fields = extra.length ? ` ${JSON.stringify(Object.fromEntries(extra))}` : '';
  const err = rec.err === undefined ? '' : `: ${String(rec.err)}`;
  return `${time} ${String(rec.level).toUpperCase().padEnd(5)} ${tag}${String(rec.msg ?? '')}${fields}${err}\n`;
}

/** An error never reaches pino as such: its message would become the record's `msg`, values included. */
function logMethod(this: Logger, args: unknown[], method: (...a: unknown[]) => void): void {
  const [first, ...rest] = args;
  if (first instanceof Error) {
    method.apply(this, [{ err: first }, ...(rest.length ? rest : [errorSummary(first)])]);
  } else if (first !== null && typeof first === 'object' && 'err' in first && !rest.length) {
    method.apply(this, [first, errorSummary((first as { err: unknown }).err)]);
  } else {
    method.apply(this, args);
  }
}

const safeError = (err: unknown) => (typeof err === 'string' ? err : describeError(err));

type State = Required<Omit<LoggerOptions, 'name'>> & { name?: string };

function build(state: State): Logger {
  // pino fills lastLevel in before each write when the destination asks for it (the stdout/stderr choice).
  const destination = {
    [pino.symbols.needsMetadataGsym]: true,
    lastLevel: 0,
    write(line: string) {
      state.write(state.format === 'line' ? asLine(line) : line, this.lastLevel);
    },
  };
  return pino(
    {
      level: state.level,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin: () => (state.name ? { name: state.name } : {}),
      serializers: { err: safeError, error: safeError },
      hooks: { logMethod: logMethod as NonNullable<pino.LoggerOptions['hooks']>['logMethod'] },
    },
    destination as unknown as pino.DestinationStream,
  );
}

/** A logger of its own (tests: `write` collects the lines). */
export function createLogger(opts: LoggerOptions = {}): Logger {
  return build({ level: 'info', format: 'line', write: toStd, ...opts });
}

const root: State = { level: 'info', format: 'line', write: toStd };

/**
 * The process's logger. Children (`logger.child({ module: 'chat' })`) follow its level, even those made before
 * configureLogging ran, since pino children read the level through their parent unless given one of their own.
 */
export const logger: Logger = build(root);

/** Called once by each main with its configuration; until then: info, readable lines. */
export function configureLogging(opts: LoggerOptions): void {
  Object.assign(root, opts);
  if (opts.level) logger.level = opts.level;
}

/** The options a main passes: JSON in production, LOG_LEVEL from the configuration. */
export function loggingFor(config: Pick<Config, 'LOG_LEVEL' | 'NODE_ENV'>, name: string): LoggerOptions {
  return { level: config.LOG_LEVEL, format: config.NODE_ENV === 'production' ? 'json' : 'line', name };
}
