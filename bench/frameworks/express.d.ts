/**
 * The few Express 5 typings the bench uses (@types/express is not installed, and the bench must not add
 * dependencies). Only what bench/frameworks/servers.ts calls is declared.
 */
declare module 'express' {
  import type { IncomingMessage, Server, ServerResponse } from 'node:http';

  export interface Request extends IncomingMessage {
    body?: unknown;
    method: string;
    path: string;
  }

  export interface Response extends ServerResponse {
    locals: Record<string, unknown>;
    status(code: number): this;
    json(body: unknown): this;
    set(fields: Record<string, string>): this;
    append(field: string, value: string | string[]): this;
  }

  export type NextFunction = (err?: unknown) => void;
  export type RequestHandler = (req: Request, res: Response, next: NextFunction) => unknown;
  export type ErrorRequestHandler = (err: unknown, req: Request, res: Response, next: NextFunction) => unknown;

  export interface Application {
    disable(setting: string): this;
    set(setting: string, value: unknown): this;
    use(...handlers: Array<RequestHandler | ErrorRequestHandler>): this;
    get(path: string, ...handlers: RequestHandler[]): this;
    post(path: string, ...handlers: RequestHandler[]): this;
    listen(port: number, hostname: string, callback?: (err?: Error) => void): Server;
  }

  interface Express {
    (): Application;
    json(options?: { limit?: string | number; type?: string | string[] }): RequestHandler;
  }

  const express: Express;
  export default express;
}
