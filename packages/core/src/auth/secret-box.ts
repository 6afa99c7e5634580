import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { Config } from '../config.ts';

/**
 * Secrets we must keep and use again (an institution's OpenID Connect client secret), encrypted at rest with
 * AES-256-GCM. The key is derived (HKDF-SHA256) from SECRETS_KEY, or from the session secret when that is unset.
 * Stored as `v1.<iv>.<tag>.<ciphertext>` in base64url; a wrong key or a changed byte fails to open (null).
 */
function keyOf(config: Pick<Config, 'secretsKey'>): Buffer {
  return Buffer.from(hkdfSync('sha256', config.secretsKey, 'majlis', 'secret-box v1', 32));
}

export function sealSecret(config: Pick<Config, 'secretsKey'>, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(config), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

export function openSecret(config: Pick<Config, 'secretsKey'>, sealed: string): string | null {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || data === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(config), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
