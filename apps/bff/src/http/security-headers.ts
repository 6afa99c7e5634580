import type { Config } from '@majlis/core/config';
import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { Env } from '../env.ts';

type SecureHeadersOptions = NonNullable<Parameters<typeof secureHeaders>[0]>;

/**
 * The Content-Security-Policy of every response of ours: the SPA, its assets, the API's JSON and every error.
 * No inline or eval'd script anywhere (the built index.html loads one module file; Vite's preload polyfill is bundled
 * into it), nothing framed or framing us, forms only to us, no <base> rewriting, no plugins.
 */
export function contentSecurityPolicy(config: Pick<Config, 'publicUrl'>) {
  // CSP3 browsers let 'self' cover ws:/wss: of the same host; older Safari needs the socket.io origin spelled out.
  const socketOrigin = new URL(config.publicUrl).origin.replace(/^http/, 'ws');
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
    mediaSrc: ["'self'", 'data:', 'blob:'],
    manifestSrc: ["'self'"],
    workerSrc: ["'self'", 'blob:'],
    objectSrc: ["'none'"],
    frameSrc: ["'none'"],
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
 * ops page makes no third-party request.
 */
export function securityHeaders(config: Pick<Config, 'publicUrl'>, adminPath: string): MiddlewareHandler<Env> {
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
  const app = secureHeaders({ ...common, contentSecurityPolicy: csp });
  const admin = secureHeaders({ ...common, contentSecurityPolicy: { ...csp, baseUri: ["'self'"] } });
  return (c, next) =>
    c.req.path === adminPath || c.req.path.startsWith(`${adminPath}/`) ? admin(c, next) : app(c, next);
}
