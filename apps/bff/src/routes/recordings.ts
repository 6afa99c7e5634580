import {
  ZOk,
  ZRecordingAccessQuery,
  ZRecordingAnswer,
  ZRecordingDownloadAnswer,
  ZRecordingDownloadBody,
  ZRecordingList,
  ZRecordingListQuery,
  ZRecordingShareAnswer,
  ZRecordingView,
  ZUpdateRecordingBody,
} from '@majlis/contracts';
import { listRecordings } from '@majlis/core/recordings/list-recordings';
import {
  deleteRecording,
  downloadRecording,
  shareRecording,
  updateRecording,
  viewRecording,
} from '@majlis/core/recordings/manage-recording';
import { recordingIdOf } from '@majlis/core/recordings/recording-access';
import { Hono } from 'hono';
import type { Env } from '../env.ts';
import { requireActor } from '../http/session.ts';
import { doc, jsonBody, queryOf } from '../http/validate.ts';

const tags = ['recordings'];

/**
 * /api/recordings: see packages/contracts/src/recordings.ts. Who may do what is decided per recording (its meeting's
 * managers, its participants, holders of its share link), so no route declares a power; every refusal is the same
 * 404 RECORDING_NOT_FOUND, malformed ids included.
 */
export const recordingsRoutes = new Hono<Env>()
  .get(
    '/recordings',
    doc('Recordings the reader may see: their account’s (managers: all of their meetings’), and those they attended', {
      tags,
      response: ZRecordingList,
    }),
    queryOf(ZRecordingListQuery),
    async (c) => c.json(await listRecordings(c.get('runtime').db, requireActor(c), c.req.valid('query'))),
  )
  .get(
    '/recordings/:id',
    doc('One recording for the play page (public with the share link’s ?t=)', {
      tags,
      public: true,
      response: ZRecordingView,
      statuses: [200],
    }),
    queryOf(ZRecordingAccessQuery),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      const view = await viewRecording(
        c.get('runtime'),
        c.get('actor') ?? null,
        recordingIdOf(c.req.param('id')),
        c.get('locale'),
        c.req.valid('query').t,
      );
      return c.json(view);
    },
  )
  .put(
    '/recordings/:id',
    doc('Rename and/or publish (managers of its meeting); publishing is told to the provider first', {
      tags,
      response: ZRecordingAnswer,
    }),
    jsonBody(ZUpdateRecordingBody),
    async (c) => {
      const { limits } = c.get('runtime');
      const actor = requireActor(c);
      const id = recordingIdOf(c.req.param('id'));
      await limits.consume('recordingWrites', actor.userId);
      const recording = await updateRecording(c.get('runtime'), actor, id, c.req.valid('json'), c.get('ip'));
      return c.json({ recording });
    },
  )
  .delete(
    '/recordings/:id',
    doc('Delete on the provider, then here; the room’s used storage drops at once (managers of its meeting)', {
      tags,
      response: ZOk,
    }),
    async (c) => {
      const { limits } = c.get('runtime');
      const actor = requireActor(c);
      const id = recordingIdOf(c.req.param('id'));
      await limits.consume('recordingWrites', actor.userId);
      await deleteRecording(c.get('runtime'), actor, id, c.get('ip'));
      return c.json({ ok: true as const });
    },
  )
  .post(
    '/recordings/:id/share',
    doc('The share link (made once, then the same link; managers of its meeting)', {
      tags,
      response: ZRecordingShareAnswer,
    }),
    async (c) => {
      const { limits } = c.get('runtime');
      const actor = requireActor(c);
      const id = recordingIdOf(c.req.param('id'));
      await limits.consume('recordingWrites', actor.userId);
      return c.json({ url: await shareRecording(c.get('runtime'), actor, id, c.get('ip')) });
    },
  )
  .post(
    '/recordings/:id/downloads',
    doc('Download: the video’s address, counted once per user (signed out: once per share link)', {
      tags,
      public: true,
      response: ZRecordingDownloadAnswer,
      statuses: [200],
    }),
    jsonBody(ZRecordingDownloadBody),
    async (c) => {
      const { limits } = c.get('runtime');
      const actor = c.get('actor') ?? null;
      const id = recordingIdOf(c.req.param('id'));
      await limits.consume('recordingDownloads', actor ? `user:${actor.userId}` : `ip:${c.get('ip')}`);
      c.header('Cache-Control', 'no-store');
      return c.json(await downloadRecording(c.get('runtime'), actor, id, c.req.valid('json').t));
    },
  );
