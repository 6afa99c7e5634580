import { PICTURE_MAX_BYTES } from '@majlis/contracts/profile';
import type { InferRequestType, InferResponseType } from 'hono/client';
import { api, body } from '../../lib/api.ts';
import { ApiError } from '../../lib/http.ts';
import { readCookie } from '../../lib/storage.ts';

/** Wire shapes as the BFF's profile routes declare them (lib/api.ts). */
export type ProfileBody = InferRequestType<typeof api.profile.$put>['json'];
export type ProfileAnswer = InferResponseType<typeof api.profile.$put>;
export type PasswordBody = InferRequestType<typeof api.profile.password.$post>['json'];
export type SessionView = InferResponseType<typeof api.profile.sessions.$get>['sessions'][number];
export type Institution = InferResponseType<typeof api.account.institution.$get>;
export type InstitutionBody = InferRequestType<typeof api.account.institution.$put>['json'];

export const profileApi = {
  save: (json: ProfileBody) => body(api.profile.$put({ json })),
  changePassword: (json: PasswordBody) => body(api.profile.password.$post({ json })),
  sessions: () => body(api.profile.sessions.$get()).then((r) => r.sessions),
  endOthers: () => body(api.profile.sessions['end-others'].$post()),
  institution: () => body(api.account.institution.$get()),
  saveInstitution: (json: InstitutionBody) => body(api.account.institution.$put({ json })),
};

/** Checked before sending too: a file the server would refuse is not uploaded at all. */
export const tooLarge = (file: File) => file.size > PICTURE_MAX_BYTES;

/**
 * PUT /api/profile/picture with the file's raw bytes. XMLHttpRequest rather than fetch: it reports upload progress
 * in every browser (fetch's request streams do not, and need HTTP/2). Refusals become the same ApiError as elsewhere.
 */
export function uploadPicture(file: File, onProgress: (percent: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', '/api/profile/picture');
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    const token = readCookie('XSRF-TOKEN');
    if (token) xhr.setRequestHeader('X-CSRF-Token', token);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      let json: {
        picture?: string;
        code?: string;
        errorMessage?: ApiError['errorMessage'];
        fields?: ApiError['fields'];
      } = {};
      try {
        json = JSON.parse(xhr.responseText);
      } catch {
        // Not our JSON (a proxy's page): the status still tells.
      }
      if (xhr.status >= 200 && xhr.status < 300 && json.picture) resolve(json.picture);
      else reject(new ApiError(xhr.status, json.code ?? `HTTP_${xhr.status}`, json.errorMessage ?? null, json.fields));
    };
    xhr.onerror = () => reject(new Error('network'));
    xhr.send(file);
  });
}
