/**
 * Probe requests sent to every server of the comparison before it is measured: each must answer what the real BFF
 * answers (status, body, security headers), or the comparison would time different work.
 */
import { CSRF_HEADER } from '@majlis/contracts';
import { benchBody, type Session } from '../lib/routes.ts';

/** Response headers that make up the BFF's security policy (hono secureHeaders + http/security-headers.ts). */
export const SECURITY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'permissions-policy',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

function probes(session: Session) {
  const json = { 'content-type': 'application/json' };
  const auth = { cookie: session.cookie, [CSRF_HEADER]: session.csrf };
  const post = (headers: Record<string, string>, body: string): RequestInit => ({ method: 'POST', headers, body });
  const huge = JSON.stringify({
    name: 'Bench User',
    email: 'b@example.com',
    kind: 'suggestion',
    message: 'x'.repeat(1_100_000),
  });
  return [
    { name: 'user/info signed in', path: '/api/user/info', init: { headers: { cookie: session.cookie } } },
    { name: 'user/info anonymous → 401', path: '/api/user/info', init: {} },
    { name: 'contact 1 KB → 201', path: '/api/contact', init: post({ ...auth, ...json }, benchBody()) },
    {
      name: 'contact without CSRF → 403',
      path: '/api/contact',
      init: post({ cookie: session.cookie, ...json }, benchBody()),
    },
    {
      name: 'contact unknown field → 400',
      path: '/api/contact',
      init: post({ ...auth, ...json }, benchBody({ extra: 1 })),
    },
    { name: 'contact bad JSON → 400', path: '/api/contact', init: post({ ...auth, ...json }, '{"name":') },
    {
      name: 'contact text/plain → 415',
      path: '/api/contact',
      init: post({ ...auth, 'content-type': 'text/plain' }, benchBody()),
    },
    { name: 'contact 1.1 MB → 413', path: '/api/contact', init: post({ ...auth, ...json }, huge) },
    { name: 'health', path: '/api/health', init: {} },
  ] satisfies { name: string; path: string; init: RequestInit }[];
}

/** Each probe's answer as one comparable string, and the security headers of the first answer. */
export async function probe(url: string, session: Session) {
  const answers = new Map<string, string>();
  let headers: Record<string, string> | undefined;
  for (const p of probes(session)) {
    const res = await fetch(`${url}${p.path}`, p.init);
    const text = await res.text();
    const security = Object.fromEntries(
      SECURITY_HEADERS.flatMap((h) => {
        const v = res.headers.get(h);
        return v === null ? [] : [[h, v]];
      }),
    );
    headers ??= security;
    answers.set(p.name, JSON.stringify({ status: res.status, body: text ? JSON.parse(text) : null, security }));
  }
  return { answers, headers: headers ?? {} };
}
