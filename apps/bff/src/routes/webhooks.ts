import { ZBbbEventsAnswer, ZZoomWebhookAnswer } from '@majlis/contracts';
import { AppError } from '@majlis/core/errors';
import {
  onBbbEndCallback,
  onBbbEvents,
  onBbbRecordingReady,
  onZoomEvent,
} from '@majlis/core/meetings/on-provider-webhook';
import { conferencing } from '@majlis/core/providers/conferencing/index';
import { verifyZoomSignature, zoomUrlValidation } from '@majlis/core/providers/conferencing/zoom';
import { type Context, Hono } from 'hono';
import type { Env } from '../env.ts';
import { doc } from '../http/validate.ts';

const tags = ['webhooks'];
/** Refusals carry the error shape (DESIGN §5) like every other answer; providers look only at the status. */
const unsigned = () => new AppError(401, 'WEBHOOK_SIGNATURE');
const answer = (c: Context<Env>, result: 'ok' | 'unauthorized' | 'gone') => {
  if (result === 'unauthorized') throw unsigned();
  return c.text(result, result === 'ok' ? 200 : 410);
};

/**
 * Provider callbacks. Servers call these, not browsers: each is verified by the provider's own signature
 * (exempt from CSRF and from the JSON-only rule in app.ts). Answers follow the providers' conventions
 * (BBB: 401 bad secret, 410 gone; Zoom: 401 bad signature).
 */
export const webhookRoutes = new Hono<Env>()
  /** meta_endCallbackUrl: BBB GETs it when the meeting ends, appending recordingmarks. */
  .get(
    '/webhooks/bbb/end',
    doc('BigBlueButton meeting-ended callback (JWT in the URL)', { tags, public: true }),
    async (c) =>
      answer(c, await onBbbEndCallback(c.get('runtime'), c.req.query('meetingID') ?? '', c.req.query('token') ?? '')),
  )
  .post(
    '/webhooks/bbb/recording-ready',
    doc('BigBlueButton recording-ready callback (signed_parameters: JWT HS256)', { tags, public: true }),
    async (c) => {
      const form = new URLSearchParams(await c.req.text());
      return answer(c, await onBbbRecordingReady(c.get('runtime'), form.get('signed_parameters') ?? ''));
    },
  )
  .post(
    '/webhooks/bbb/events',
    doc('bbb-webhooks events (checksum over callback URL + body)', { tags, public: true, response: ZBbbEventsAnswer }),
    async (c) => {
      const rt = c.get('runtime');
      const bbb = conferencing(rt.config).bbb;
      const raw = await c.req.text();
      const checksum = c.req.query('checksum') ?? '';
      const bearer = c.req.header('authorization');
      const authorised =
        !!bbb && (bbb.verifyWebhook(checksum, raw) || bearer === `Bearer ${rt.config.BBB_SECRET ?? '\u0000'}`);
      if (!authorised) throw unsigned();
      let events: unknown;
      try {
        events = JSON.parse(new URLSearchParams(raw).get('event') ?? '[]');
      } catch {
        throw new AppError(400, 'INVALID_JSON');
      }
      const handled = await onBbbEvents(rt, (Array.isArray(events) ? events : [events]) as never);
      return c.json({ ok: true, handled });
    },
  )
  .post(
    '/webhooks/zoom',
    doc('Zoom webhook (x-zm-signature v0) and URL validation', { tags, public: true, response: ZZoomWebhookAnswer }),
    async (c) => {
      const rt = c.get('runtime');
      const secret = rt.config.ZOOM_WEBHOOK_SECRET;
      if (!secret) throw new AppError(404, 'NOT_FOUND');
      const raw = await c.req.text();
      const ok = verifyZoomSignature(
        secret,
        { signature: c.req.header('x-zm-signature'), timestamp: c.req.header('x-zm-request-timestamp') },
        raw,
      );
      if (!ok) throw unsigned();
      let body: { event?: string; payload?: { plainToken?: string; object?: Record<string, unknown> } };
      try {
        body = JSON.parse(raw);
      } catch {
        throw new AppError(400, 'INVALID_JSON');
      }
      if (body.event === 'endpoint.url_validation' && typeof body.payload?.plainToken === 'string') {
        return c.json(zoomUrlValidation(secret, body.payload.plainToken));
      }
      if (body.event) await onZoomEvent(rt, body as never);
      return c.json({ ok: true });
    },
  );
