import type { InferResponseType } from 'hono/client';
import { api, body, seg } from '../../lib/api.ts';

/** Web Push devices (issue 31), as the BFF's push routes declare them. */
export type PushDevice = InferResponseType<typeof api.push.devices.$get>['devices'][number];

export const devicesApi = {
  key: () => body(api.push.key.$get()).then((r) => r.publicKey),
  list: () => body(api.push.devices.$get()).then((r) => r.devices),
  register: (json: { endpoint: string; expirationTime?: number | null; keys: { p256dh: string; auth: string } }) =>
    body(api.push.devices.$post({ json })),
  remove: (id: string) => body(api.push.devices[':id'].$delete({ param: { id: seg(id) } })),
};

/** The VAPID key as PushManager.subscribe wants it. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const raw = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

/** This browser's push subscription, when it has a service worker and one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!('serviceWorker' in navigator) || !('PushManager' in window)) return null;
  const reg = await navigator.serviceWorker.getRegistration('/');
  return (await reg?.pushManager.getSubscription()) ?? null;
}

/** Asks permission, subscribes this browser with the VAPID key and registers it; answers false when refused. */
export async function subscribeThisDevice(): Promise<boolean> {
  const publicKey = await devicesApi.key();
  if (!publicKey || !('serviceWorker' in navigator) || !('PushManager' in window)) return false;
  if ((await Notification.requestPermission()) !== 'granted') return false;
  const reg =
    (await navigator.serviceWorker.getRegistration('/')) ?? (await navigator.serviceWorker.register('/sw.js'));
  await navigator.serviceWorker.ready;
  const sub =
    (await reg.pushManager.getSubscription()) ??
    (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  const json = sub.toJSON() as {
    endpoint: string;
    expirationTime?: number | null;
    keys: { p256dh: string; auth: string };
  };
  await devicesApi.register(json);
  return true;
}
