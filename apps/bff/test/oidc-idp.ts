import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';

/**
 * An institution's identity provider for the tests (issue 30): the real `oidc-provider` package, run in-process on
 * 127.0.0.1, with one small login page of our own (type who you are, no password) in place of its development pages.
 * It is a real OpenID Connect implementation: discovery, authorization code with PKCE, signed id_tokens, one-use
 * codes, client authentication. `tamperIdToken` lets a test make it sign an id_token with other claims (another
 * audience or nonce) with its own key, to prove the relying party checks them.
 */

export interface IdpUser {
  email: string;
  email_verified: boolean;
  given_name?: string;
  family_name?: string;
}

export interface Idp {
  issuer: string;
  clientId: string;
  clientSecret: string;
  users: Map<string, IdpUser>;
  /** Changes the next id_tokens' claims (signed with the provider's key); null stops it. */
  tamperIdToken: ((claims: Record<string, unknown>) => Record<string, unknown>) | null;
  /**
   * A back-channel logout token signed with the provider's own key: iss, aud, iat, jti and the logout event as the
   * specification has them, then `claims` over them (a key set to undefined is left out).
   */
  logoutToken(claims: Record<string, unknown>): Promise<string>;
  close(): Promise<void>;
}

interface ProviderLike {
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
  use(fn: (ctx: KoaCtx, next: () => Promise<void>) => Promise<void>): void;
  interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<{ uid: string; prompt: { name: string } }>;
  interactionFinished(req: IncomingMessage, res: ServerResponse, result: object, opts?: object): Promise<void>;
  Grant: new (init: object) => { addOIDCScope(s: string): void; save(): Promise<string> };
}
interface KoaCtx {
  path: string;
  body: unknown;
  oidc?: unknown;
}

/** Imported by a name typed as string: the package ships no types, and we use a handful of its calls. */
const PACKAGE: string = 'oidc-provider';

export async function startIdp(opts: {
  redirectUris: string[];
  /** Where the provider posts its back-channel logout tokens (with the session's sid in them and in id_tokens). */
  backchannelLogoutUri?: string;
  clientId?: string;
  clientSecret?: string;
}): Promise<Idp> {
  const { default: Provider } = (await import(PACKAGE)) as {
    default: new (issuer: string, config: object) => ProviderLike;
  };
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk: JWK = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const users = new Map<string, IdpUser>();
  const idp: Idp = {
    issuer,
    clientId: opts.clientId ?? 'majlis',
    clientSecret: opts.clientSecret ?? 'majlis-client-secret-0123456789',
    users,
    tamperIdToken: null,
    logoutToken: async (claims) => {
      const all: Record<string, unknown> = {
        iss: issuer,
        aud: idp.clientId,
        iat: Math.floor(Date.now() / 1000),
        jti: crypto.randomUUID(),
        events: { 'http://schemas.openid.net/event/backchannel-logout': {} },
        ...claims,
      };
      for (const key of Object.keys(all)) if (all[key] === undefined) delete all[key];
      return new SignJWT(all).setProtectedHeader({ alg: 'RS256', kid: 'test-key', typ: 'logout+jwt' }).sign(privateKey);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: idp.clientId,
        client_secret: idp.clientSecret,
        redirect_uris: opts.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        ...(opts.backchannelLogoutUri
          ? { backchannel_logout_uri: opts.backchannelLogoutUri, backchannel_logout_session_required: true }
          : {}),
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: ['idp-cookie-key-for-tests-only'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    features: { devInteractions: { enabled: false }, backchannelLogout: { enabled: true } },
    // Its outgoing calls (the back-channel logout posts) refuse loopback addresses against SSRF; the Majlis under
    // test is on 127.0.0.1, so they go without that guard here.
    fetch: (url: URL | string, options: RequestInit & { dispatcher?: unknown }) => {
      const { dispatcher: _guard, ...rest } = options;
      return globalThis.fetch(url, rest);
    },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    findAccount: async (_ctx: unknown, id: string) => {
      const user = users.get(id);
      if (!user) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, ...user }) };
    },
    // First-party, as an institution's own provider is for its own app: consent is given once for everything asked.
    loadExistingGrant: async (ctx: {
      oidc: {
        client: { clientId: string };
        session: { accountId: string; grantIdFor(id: string): string | undefined };
        provider: ProviderLike & { Grant: { find(id: string): Promise<unknown> } };
      };
    }) => {
      const { client, session, provider: p } = ctx.oidc;
      const existing = session.grantIdFor(client.clientId);
      if (existing) return p.Grant.find(existing);
      const grant = new p.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    ttl: { AuthorizationCode: 60, IdToken: 300, AccessToken: 300, Interaction: 600, Session: 3600, Grant: 3600 },
  });
  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    if (ctx.path === '/token' && idp.tamperIdToken && body?.id_token) {
      const claims = idp.tamperIdToken({ ...decodeJwt(body.id_token) });
      body.id_token = await new SignJWT(claims as Record<string, unknown>)
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
        .sign(privateKey);
    }
  });
  const handle = provider.callback();
  server.on('request', (req, res) => {
    const match = /^\/interaction\/([\w-]+)$/.exec(req.url?.split('?')[0] ?? '');
    if (!match) return handle(req, res);
    void interaction(provider, req, res).catch((err) => {
      res.statusCode = 500;
      res.end(String(err));
    });
  });
  return idp;
}

/** The provider's login page: GET shows a form asking who you are; POST signs that account in. */
async function interaction(provider: ProviderLike, req: IncomingMessage, res: ServerResponse) {
  // Throws when the browser has no interaction of the provider's (its cookie), as a real login page refuses.
  await provider.interactionDetails(req, res);
  if (req.method === 'GET') {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(
      `<!doctype html><html lang="en"><title>Institution IdP</title><form method="post">` +
        `<label>Account <input name="login" autofocus></label><button type="submit">Continue</button></form></html>`,
    );
    return;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const login = new URLSearchParams(Buffer.concat(chunks).toString()).get('login') ?? '';
  await provider.interactionFinished(req, res, { login: { accountId: login } }, { mergeWithLastSubmission: false });
}
