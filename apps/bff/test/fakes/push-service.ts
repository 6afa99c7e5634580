import { createDecipheriv, createECDH, createHmac, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A push service run in the test (issue 31): an HTTP endpoint per device that decrypts what it is sent as the browser
 * would (RFC 8291 aes128gcm, with the subscription's P-256 private key and auth secret) and answers 201, or what the
 * test asks of it (410 for a device the service forgot).
 */

export interface Device {
  name: string;
  endpoint: string;
  /** As PushSubscription.toJSON() gives it. */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  received: Array<Record<string, unknown>>;
  headers: Array<Record<string, string | string[] | undefined>>;
  answer: number;
  ecdh: ReturnType<typeof createECDH>;
  auth: Buffer;
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 §3.4 and RFC 8188: one record, the padding delimiter 2 then zeros at its end. */
export function decryptAes128gcm(body: Buffer, ecdh: ReturnType<typeof createECDH>, auth: Buffer): string {
  const salt = body.subarray(0, 16);
  const idlen = body[20] as number;
  const asPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  const uaPublic = ecdh.getPublicKey();
  const shared = ecdh.computeSecret(asPublic);
  const prkKey = hmac(auth, shared);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic, Buffer.from([1])]);
  const ikm = hmac(prkKey, keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01', 'binary')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01', 'binary')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end > 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('not the last record');
  return padded.subarray(0, end).toString('utf8');
}

export async function startPushService() {
  const devices = new Map<string, Device>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const device = devices.get(req.url?.split('/').pop() ?? '');
      if (!device) return void res.writeHead(404).end();
      if (device.answer !== 201) return void res.writeHead(device.answer).end();
      try {
        device.received.push(JSON.parse(decryptAes128gcm(Buffer.concat(chunks), device.ecdh, device.auth)));
        device.headers.push(req.headers);
        res.writeHead(201).end();
      } catch {
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    /** A new device: a P-256 key pair and a 16-byte auth secret, as a browser makes for a subscription. */
    device(name: string): Device {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `${base}/push/${name}`;
      const device: Device = {
        name,
        endpoint,
        subscription: {
          endpoint,
          keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
        },
        received: [],
        headers: [],
        answer: 201,
        ecdh,
        auth,
      };
      devices.set(name, device);
      return device;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
