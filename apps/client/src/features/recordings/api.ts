import type { InferRequestType, InferResponseType } from 'hono/client';
import { api, body, seg } from '../../lib/api.ts';

/** Wire shapes as the BFF's routes declare them (packages/contracts/src/recordings.ts). */
export type RecordingPage = InferResponseType<typeof api.recordings.$get>;
export type Recording = RecordingPage['recordings'][number];
export type RecordingView = InferResponseType<(typeof api.recordings)[':id']['$get']>;
export type UpdateRecordingBody = InferRequestType<(typeof api.recordings)[':id']['$put']>['json'];

export interface RecordingFilters {
  page: number;
  pageSize: number;
  q?: string;
  from?: string;
  to?: string;
}

const one = (id: string) => ({ param: { id: seg(id) } });

export const recordingsApi = {
  list: (f: RecordingFilters) =>
    body(
      api.recordings.$get({
        query: {
          page: String(f.page),
          pageSize: String(f.pageSize),
          q: f.q?.trim() || undefined,
          from: f.from || undefined,
          to: f.to || undefined,
        },
      }),
    ),
  /** The play page; `t` is the share link's token (signed-out visitors). */
  view: (id: string, t?: string) => body(api.recordings[':id'].$get({ ...one(id), query: { t: t || undefined } })),
  update: (id: string, json: UpdateRecordingBody) =>
    body(api.recordings[':id'].$put({ ...one(id), json })).then((r) => r.recording),
  remove: (id: string) => body(api.recordings[':id'].$delete(one(id))),
  share: (id: string) => body(api.recordings[':id'].share.$post(one(id))).then((r) => r.url),
  download: (id: string, t?: string) =>
    body(api.recordings[':id'].downloads.$post({ ...one(id), json: t ? { t } : {} })),
};

/** The browser saves the file: a temporary <a download> clicked (the provider's file may be on another host). */
export function saveFile(url: string, name: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
}
