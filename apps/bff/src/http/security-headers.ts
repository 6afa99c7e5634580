import type { Config } from '@majlis/core/config';
import { Hono, type MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { Env } from '../env.ts';
import { nodeResponse } from './response-headers.ts';

type SecureHeadersOptions = NonNullable<Parameters<typeof secureHeaders>[0]>;

/**
 * The Content-Security-Policy of every response of ours: the SPA, its assets, the API's JSON and every error.
 * No inline or eval'd script anywhere (the built index.html loads one module file; Vite's preload polyfill is bundled
 * into it), nothing framed but a recording's playback, nothing framing us (but our own demo playback under /demo/),
 * forms only to us, no <base> rewriting, no plugins.
 */
type CspConfig = Pick<Config, 'publicUrl'> & Partial<Pick<Config, 'BBB_URL' | 'ZOOM_ACCOUNT_ID'>>;

/**
 * Where recordings play from (/recording/{id}): the BigBlueButton server's playback page (framed) and video file, and
 * Zoom's MP4 files (its download hosts under zoom.us). Only the providers that are set up are named.
 */
export function playbackSources(config: CspConfig): { media: string[]; frame: string[] } {
  const bbb = config.BBB_URL ? [new URL(config.BBB_URL).origin] : [];
  const zoom = config.ZOOM_ACCOUNT_ID ? ['https://zoom.us', 'https://*.zoom.us'] : [];
  return { media: [...bbb, ...zoom], frame: bbb };
}

/** Our own pages a recording's player frames (the demo's presentation playback, public/demo/): framed by us only. */
export const FRAMED_BY_SELF = '/demo/';

export function contentSecurityPolicy(config: CspConfig) {
  // CSP3 browsers let 'self' cover ws:/wss: of the same host; older Safari needs the socket.io origin spelled out.
  const socketOrigin = new URL(config.publicUrl).origin.replace(/^http/, 'ws');
  const playback = playbackSources(config);
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    // Mantine sets style="" attributes on its components and injects <style> elements for its CSS variables at run
    // time; neither can carry a nonce or a hash, so styles (not scripts) stay 'unsafe-inline'. A style cannot run code.
    styleSrc: ["'self'", "'unsafe-inline'"],
    // Pictures of users and accounts are URLs (spec §3) that may point to another https host; data:/blob: for
    // generated previews. Images cannot run code either.
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", socketOrigin],
    mediaSrc: ["'self'", 'data:', 'blob:', ...playback.media],
    manifestSrc: ["'self'"],
    workerSrc: ["'self'", 'blob:'],
    objectSrc: ["'none'"],
    // The play page frames the provider's presentation playback (or our own demo one); nothing else is framed.
    frameSrc: ["'self'", ...playback.frame],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
    baseUri: ["'none'"],
  };
}

/**
 * Secure headers for every response (hono's secureHeaders runs after the handler, so it also covers static files,
 * the 404 fallback and errors rendered by onError). Strict-Transport-Security only when the public URL is https: on
 * plain http it would be ignored, and on localhost it would pin https for every other local port.
 * `/admin/queues` is bull-board's own page: it sets `<base href>` and loads its files relative to it, so only its
 * base-uri is 'self'. Its Google Fonts stylesheet stays blocked (the page falls back to system fonts) so that the
 * ops page makes no third-party request. Under @hono/node-server they are set on Node's response before the handler
 * runs (response-headers.ts says why), the same name/value pairs hono's middleware sets, read from its own answer.
 */
export function securityHeaders(config: CspConfig, adminPath: string): MiddlewareHandler<Env> {
  const https = new URL(config.publicUrl).protocol === 'https:';
  const csp = contentSecurityPolicy(config);
  const common: SecureHeadersOptions = {
    // The meeting itself runs at the provider (a new page), so our pages need no camera, microphone or the like.
    permissionsPolicy: {
      camera: [],
      microphone: [],
      geolocation: [],
      payment: [],
      usb: [],
      displayCapture: [],
      fullscreen: ['self'],
    },
    referrerPolicy: 'strict-origin-when-cross-origin',
    strictTransportSecurity: https ? 'max-age=31536000; includeSubDomains' : false,
    xFrameOptions: 'DENY',
    // Off as before: the share image (og-image.png) and the like are meant to be shown by other sites.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: false,
  };
  const variants = {
    app: { ...common, contentSecurityPolicy: csp },
    admin: { ...common, contentSecurityPolicy: { ...csp, baseUri: ["'self'"] } },
    framed: { ...common, xFrameOptions: 'SAMEORIGIN', contentSecurityPolicy: { ...csp, frameAncestors: ["'self'"] } },
  } satisfies Record<string, SecureHeadersOptions>;
  type Variant = keyof typeof variants;
  const viaHono = {
    app: secureHeaders(variants.app),
    admin: secureHeaders(variants.admin),
    framed: secureHeaders(variants.framed),
  };
  // The same headers as name/value pairs, read once from hono's own answer, for Node's response (response-headers.ts).
  const pairs = new Map<Variant, Promise<[string, string][]>>();
  const ready = new Map<Variant, [string, string][]>();
  const pairsOf = (v: Variant) => {
    let p = pairs.get(v);
    if (!p) {
      const probe = new Hono().use(viaHono[v]).get('*', (c) => c.body(null));
      p = Promise.resolve(probe.request('/')).then((res) => {
        const list = [...res.headers];
        ready.set(v, list);
        return list;
      });
      pairs.set(v, p);
    }
    return p;
  };
  return async (c, next) => {
    const path = c.req.path;
    const v: Variant =
      path === adminPath || path.startsWith(`${adminPath}/`)
        ? 'admin'
        : path.startsWith(FRAMED_BY_SELF)
          ? 'framed'
          : 'app';
    const outgoing = nodeResponse(c);
    if (!outgoing) return viaHono[v](c, next);
    for (const [name, value] of ready.get(v) ?? (await pairsOf(v))) outgoing.setHeader(name, value);
    await next();
  };
}
