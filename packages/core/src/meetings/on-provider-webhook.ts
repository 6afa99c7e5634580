import { type BbbEvent, fromGetRecordings, parseBbbEvent } from '../providers/conferencing/bbb/webhooks.ts';
import type { BbbRecording, BigBlueButton } from '../providers/conferencing/bbb.ts';
import { conferencing } from '../providers/conferencing/index.ts';
import type { ProviderEvent } from '../providers/conferencing/port.ts';
import { parseZoomEvent, type ZoomEvent } from '../providers/conferencing/zoom/webhooks.ts';
import { applyProviderReport, meetingByProviderId, storeRecording } from './apply-provider-event.ts';
import type { Ctx } from './meeting-access.ts';

/**
 * The meetings domain's reactions to the providers' calls: the adapters (providers/conferencing/{bbb,zoom}/webhooks.ts)
 * read each wire format into a provider-neutral report, and these act on it (apply-provider-event.ts).
 */

/** meta_endCallbackUrl: our URL carries a JWT naming the meeting (BBB does not sign this call). */
export async function onBbbEndCallback(
  ctx: Ctx,
  meetingID: string,
  token: string,
): Promise<'ok' | 'unauthorized' | 'gone'> {
  const bbb = conferencing(ctx.config).bbb;
  // awaited whether the JWT check is synchronous or not, so a move to an async JWT library cannot skip it
  if (!bbb || !(await bbb.verifyEndCallback(meetingID, token))) return 'unauthorized';
  const found = await applyProviderReport(ctx, { providerMeetingId: meetingID, events: [{ type: 'ended' }] });
  return found ? 'ok' : 'gone';
}

/**
 * meta_bbb-recording-ready-url: `signed_parameters` is a JWT HS256 with the shared secret, {meeting_id, record_id}.
 * 401 on a bad signature, 410 when the meeting is gone (BBB's conventions); else the recording is fetched and stored.
 */
export async function onBbbRecordingReady(ctx: Ctx, signedParameters: string): Promise<'ok' | 'unauthorized' | 'gone'> {
  const bbb = conferencing(ctx.config).bbb;
  const claims = await bbb?.verifyRecordingReady(signedParameters);
  if (!bbb || !claims) return 'unauthorized';
  const m = await meetingByProviderId(ctx, claims.meetingID);
  if (!m || m.status === 'deleted') return 'gone';
  const [rec] = await bbb.getRecordings({ recordID: claims.recordID, state: 'any' });
  if (!rec) return 'gone';
  if (rec.state === 'deleted') return 'ok';
  await storeRecording(ctx, m, fromGetRecordings(rec, m));
  return 'ok';
}

/** bbb-webhooks: form body `event` = JSON (an array in v3), `timestamp`, `domain`; checksum verified by the route. */
export async function onBbbEvents(ctx: Ctx, events: BbbEvent[]): Promise<number> {
  const bbb = conferencing(ctx.config).bbb;
  let handled = 0;
  for (const e of events) {
    const report = parseBbbEvent(e);
    if (report && bbb) {
      const events = await Promise.all(report.events.map((ev) => withServerRecording(bbb, ev)));
      report.events = events.filter((ev): ev is ProviderEvent => ev !== null);
    }
    if (report && (await applyProviderReport(ctx, report))) handled++;
  }
  return handled;
}

/**
 * rap-publish-ended tells one format at a time: what getRecordings says of the whole recording (every format, its
 * size, participants, published state) is stored instead, when the server answers; else the event as it is; nothing
 * when the server deleted it meanwhile.
 */
async function withServerRecording(bbb: BigBlueButton, ev: ProviderEvent): Promise<ProviderEvent | null> {
  if (ev.type !== 'recording') return ev;
  const [rec] = await bbb
    .getRecordings({ recordID: ev.recording.recordId, state: 'any' })
    .catch(() => [] as BbbRecording[]);
  if (!rec || rec.recordID !== ev.recording.recordId) return ev;
  if (rec.state === 'deleted') return null; // deleted on the server meanwhile: nothing to keep
  const { name: _unused, ...stored } = fromGetRecordings(rec, { name: '' });
  return { type: 'recording', recording: { ...stored, name: rec.name || ev.recording.name } };
}

/** True when the event was one we follow, for a meeting of ours. */
export async function onZoomEvent(ctx: Ctx, e: ZoomEvent): Promise<boolean> {
  const report = parseZoomEvent(e);
  return report ? applyProviderReport(ctx, report) : false;
}
