import { randomBytes } from 'node:crypto';
import type {
  RecordingDownloadAnswer,
  RecordingRow,
  RecordingView,
  TUpdateRecordingBody,
} from '@majlis/contracts/recordings';
import type { Locale } from '@majlis/i18n';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { recordAudit } from '../audit/record-audit.ts';
import type { Actor } from '../auth/actor.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import { recordingDownloads, recordings, rooms } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import { logger } from '../log.ts';
import { conferencing } from '../providers/conferencing/index.ts';
import { type ConferencingProvider, ProviderError } from '../providers/conferencing/port.ts';
import {
  accessRecording,
  manageRecording,
  playbackOf,
  type RecordingAccess,
  recordingNotFound,
  tokenOf,
  toRecordingRow,
  videoOf,
} from './recording-access.ts';

/** Rename, publish, delete, share and download (issue 12); every change by a manager writes an audit row. */

const log = logger.child({ module: 'recordings' });

export interface RecordingCtx {
  db: Db;
  config: Config;
}

/** What the adapters offer for recordings (BBB: publishRecordings/deleteRecordings; Zoom: delete). */
interface RecordingOps {
  publishRecordings?(recordIds: string[], publish: boolean): Promise<void>;
  deleteRecordings?(recordIds: string[]): Promise<unknown>;
}

/** The provider's failure is one bilingual 503 (as meetings do); nothing stored has changed by then. */
async function onProvider<T>(f: () => Promise<T>, notFoundIsDone = false): Promise<T | undefined> {
  try {
    return await f();
  } catch (err) {
    if (err instanceof ProviderError) {
      if (notFoundIsDone && isNotFound(err)) return undefined;
      log.warn({ err }, 'provider call failed');
      throw new AppError(503, 'PROVIDER_UNAVAILABLE');
    }
    throw err;
  }
}

/** BBB answers messageKey notFound; Zoom 404 / code 3301 ("This recording does not exist"). */
const isNotFound = (err: ProviderError) =>
  err.key === 'notFound' || err.key === '404' || err.key === '3301' || /not ?found|does not exist/i.test(err.message);

/**
 * The adapter to tell, or null: Jitsi keeps its own recordings, and a provider this server is not connected to (its
 * settings removed, or the embedded demo's BigBlueButton rows) cannot be told anything, so the change is Majlis's own.
 */
function opsFor(ctx: RecordingCtx, a: RecordingAccess): (ConferencingProvider & RecordingOps) | null {
  if (a.rec.provider === 'jitsi') return null;
  const ops = conferencing(ctx.config)[a.rec.provider];
  if (!ops) log.warn({ recording: a.rec.id, provider: a.rec.provider }, 'provider not configured: changed here only');
  return ops as (ConferencingProvider & RecordingOps) | null;
}

export function recordingView(
  ctx: RecordingCtx,
  a: RecordingAccess,
  locale: Locale,
  timeZone: string | null = null,
): RecordingView {
  return {
    recording: toRecordingRow(a.rec, a.meeting, a.room, a.canManage, locale),
    playback: playbackOf(a.rec.formats),
    shareUrl: a.canManage && a.rec.shareToken ? shareUrlOf(ctx.config, a.rec.id, a.rec.shareToken) : null,
    timeZone,
  };
}

const shareUrlOf = (config: Config, id: string, token: string) => `${config.publicUrl}/recording/${id}?t=${token}`;

/**
 * A share link that opens nothing (withdrawn by unpublishing, replaced by a newer link, or never valid) says so in
 * words a visitor can act on (ask for a new link), still a 404 that tells nothing about the recording (issue 25).
 */
async function throughLink<T>(token: string | undefined, f: () => Promise<T>): Promise<T> {
  try {
    return await f();
  } catch (err) {
    if (tokenOf(token) && err instanceof AppError && err.code === 'RECORDING_NOT_FOUND') {
      throw new AppError(404, 'RECORDING_LINK_INVALID');
    }
    throw err;
  }
}

/** GET /api/recordings/{id}: the play page, for whoever may see it (the share token for signed-out visitors). */
export async function viewRecording(
  ctx: RecordingCtx,
  actor: Actor | null,
  id: string,
  locale: Locale,
  token?: string,
): Promise<RecordingView> {
  const a = await throughLink(token, () => accessRecording(ctx.db, actor, id, token));
  return recordingView(ctx, a, locale, actor?.timeZone ?? null);
}

/**
 * PUT /api/recordings/{id}: rename and/or publish; publishing is told to the provider first. Unpublishing also revokes
 * the share link (a link handed out before must not come back to life with a later publish).
 */
export async function updateRecording(
  ctx: RecordingCtx,
  actor: Actor,
  id: string,
  body: TUpdateRecordingBody,
  ip?: string,
): Promise<RecordingRow> {
  const a = await manageRecording(ctx.db, actor, id);
  if (body.published !== undefined && body.published !== a.rec.published) {
    const ops = opsFor(ctx, a);
    const publish = body.published;
    // provided by the adapters (optional: a provider without published states has nothing to change)
    await onProvider(async () => ops?.publishRecordings?.([a.rec.providerRecordId], publish));
  }
  const changes: Partial<typeof recordings.$inferInsert> = { updatedAt: new Date() };
  if (body.name !== undefined) changes.name = body.name;
  if (body.published !== undefined) changes.published = body.published;
  // Unpublishing withdraws the share link: published again, the recording is shared by a new link (issue 25).
  if (body.published === false) changes.shareToken = null;
  const rec = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(recordings)
      .set(changes)
      .where(and(eq(recordings.id, a.rec.id), isNull(recordings.deletedAt)))
      .returning();
    if (!row) throw recordingNotFound();
    const fields = [body.name !== undefined && 'name', body.published !== undefined && 'published'].filter(Boolean);
    await recordAudit(
      tx,
      { userId: actor.userId, accountId: a.rec.accountId, ip },
      body.published === undefined ? 'recording.rename' : body.published ? 'recording.publish' : 'recording.unpublish',
      a.rec.id,
      { fields, meetingId: a.meeting.id },
    );
    return row;
  });
  return toRecordingRow(rec, a.meeting, a.room, true, actor.locale);
}

/**
 * DELETE /api/recordings/{id}: the provider deletes it first (its "not found" counts as done), then in one
 * transaction the row is tombstoned and the room's used storage drops by its size (never below zero).
 */
export async function deleteRecording(ctx: RecordingCtx, actor: Actor, id: string, ip?: string): Promise<void> {
  const a = await manageRecording(ctx.db, actor, id);
  const ops = opsFor(ctx, a);
  // provided by the adapters
  await onProvider(async () => ops?.deleteRecordings?.([a.rec.providerRecordId]), true);
  await ctx.db.transaction(async (tx) => {
    const [gone] = await tx
      .update(recordings)
      .set({ deletedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(recordings.id, a.rec.id), isNull(recordings.deletedAt)))
      .returning({ size: recordings.sizeBytes, roomId: recordings.roomId });
    // A concurrent DELETE got there first: its transaction already gave the storage back.
    if (!gone) throw recordingNotFound();
    await tx
      .update(rooms)
      .set({ usedBytes: sql`greatest(0, ${rooms.usedBytes} - ${Number(gone.size)})` })
      .where(eq(rooms.id, gone.roomId));
    await recordAudit(tx, { userId: actor.userId, accountId: a.rec.accountId, ip }, 'recording.delete', a.rec.id, {
      meetingId: a.meeting.id,
      sizeBytes: Number(gone.size),
    });
  });
}

/** POST /api/recordings/{id}/share: the share link, made once (24 random bytes) and the same link afterwards. */
export async function shareRecording(ctx: RecordingCtx, actor: Actor, id: string, ip?: string): Promise<string> {
  const a = await manageRecording(ctx.db, actor, id);
  if (a.rec.shareToken) return shareUrlOf(ctx.config, a.rec.id, a.rec.shareToken);
  const token = randomBytes(24).toString('base64url');
  const token2 = await ctx.db.transaction(async (tx) => {
    // Two managers at once: the first token stands, the second request answers it.
    const [row] = await tx
      .update(recordings)
      .set({ shareToken: token, updatedAt: new Date() })
      .where(and(eq(recordings.id, a.rec.id), isNull(recordings.shareToken), isNull(recordings.deletedAt)))
      .returning({ token: recordings.shareToken });
    if (row) {
      await recordAudit(tx, { userId: actor.userId, accountId: a.rec.accountId, ip }, 'recording.share', a.rec.id, {
        meetingId: a.meeting.id,
      });
      return token;
    }
    const [again] = await tx
      .select({ token: recordings.shareToken })
      .from(recordings)
      .where(and(eq(recordings.id, a.rec.id), isNull(recordings.deletedAt)));
    if (!again?.token) throw recordingNotFound();
    return again.token;
  });
  return shareUrlOf(ctx.config, a.rec.id, token2);
}

/**
 * POST /api/recordings/{id}/downloads: the video's address for a reader who may download it, counted once per user
 * (signed-out visitors: once per share link). May see but not download is the same 404 as may not see.
 */
export async function downloadRecording(
  ctx: RecordingCtx,
  actor: Actor | null,
  id: string,
  token?: string,
): Promise<RecordingDownloadAnswer> {
  const a = await throughLink(token, () => accessRecording(ctx.db, actor, id, token));
  const video = videoOf(a.rec.formats);
  if (!a.canDownload || !video) throw recordingNotFound();
  const t = tokenOf(token);
  const downloader = actor ? `user:${actor.userId}` : `link:${t}`;
  const downloads = await ctx.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(recordingDownloads)
      .values({ recordingId: a.rec.id, downloader })
      .onConflictDoNothing()
      .returning({ d: recordingDownloads.downloader });
    const [row] = inserted.length
      ? await tx
          .update(recordings)
          .set({ downloads: sql`${recordings.downloads} + 1` })
          .where(eq(recordings.id, a.rec.id))
          .returning({ n: recordings.downloads })
      : await tx.select({ n: recordings.downloads }).from(recordings).where(eq(recordings.id, a.rec.id));
    return row?.n ?? 0;
  });
  return { url: video.url, downloads };
}
