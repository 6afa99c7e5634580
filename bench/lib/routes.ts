/**
 * The requests the HTTP benches send: a signed-in read, a signed-in write through the real POST /api/contact
 * (CSRF header, strict ZContactBody, one contact row + one outbox row per request) and GET /api/health without a
 * cookie as a no-database calibration. Sign-in goes through the real BFF, as the client does.
 */
import { CSRF_HEADER, type TContactBody, XSRF_COOKIE } from '@majlis/contracts';

export interface Route {
  id: 'get' | 'post' | 'health';
  label: string;
  method: 'GET' | 'POST';
  path: string;
  signedIn: boolean;
  body?: string;
  /** Fraction of BENCH_SECONDS measured (the calibration route runs shorter to keep the whole run short). */
  share: number;
}

/** A ~1 KB JSON body (exactly BODY_BYTES bytes) that passes ZContactBody. */
export const BODY_BYTES = 1024;
export function benchBody(extra: Record<string, unknown> = {}): string {
  const base: TContactBody & Record<string, unknown> = {
    name: 'Bench User',
    email: 'bench@example.com',
    kind: 'suggestion',
    message: '',
    ...extra,
  };
  const filler =
    'The weekly study circle would like a longer room booking on Thursdays, and a reminder the evening before. ';
  const room = BODY_BYTES - Buffer.byteLength(JSON.stringify(base));
  const message = filler.repeat(Math.ceil(room / filler.length)).slice(0, room);
  return JSON.stringify({ ...base, message });
}

export const ROUTES: Route[] = [
  { id: 'get', label: 'GET /api/user/info', method: 'GET', path: '/api/user/info', signedIn: true, share: 1 },
  {
    id: 'post',
    label: `POST /api/contact (${BODY_BYTES} B JSON)`,
    method: 'POST',
    path: '/api/contact',
    signedIn: true,
    body: benchBody(),
    share: 1,
  },
  { id: 'health', label: 'GET /api/health (no DB)', method: 'GET', path: '/api/health', signedIn: false, share: 0.5 },
];

export interface Session {
  cookie: string;
  csrf: string;
}

function mergeCookies(jar: Map<string, string>, res: Response) {
  for (const line of res.headers.getSetCookie()) {
    const pair = line.split(';')[0] ?? '';
    const eq = pair.indexOf('=');
    if (eq > 0) jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
  }
}

/** Signs in through the real BFF, as the client does: GET /api/csrf-token, then POST /api/login. */
export async function signIn(url: string, email: string, password: string): Promise<Session> {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const first = await fetch(`${url}/api/csrf-token`);
  mergeCookies(jar, first);
  const { getCsrfToken } = (await first.json()) as { getCsrfToken: string };
  const login = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { cookie: cookieHeader(), [CSRF_HEADER]: getCsrfToken, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  mergeCookies(jar, login);
  const csrf = jar.get(XSRF_COOKIE);
  if (!csrf) throw new Error(`login set no ${XSRF_COOKIE} cookie`);
  return { cookie: cookieHeader(), csrf };
}

/** The headers a route's requests carry: the session cookie when signed in, CSRF and JSON type on a POST. */
export function headersFor(route: Route, session: Session): Record<string, string> {
  const h: Record<string, string> = {};
  if (route.signedIn) h.cookie = session.cookie;
  if (route.method === 'POST') {
    h[CSRF_HEADER.toLowerCase()] = session.csrf;
    h['content-type'] = 'application/json';
  }
  return h;
}
