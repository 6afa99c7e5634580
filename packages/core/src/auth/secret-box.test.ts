import { describe, expect, it } from 'vitest';
import { openSecret, sealSecret } from './secret-box.ts';

describe('secret box', () => {
  const config = { secretsKey: 'k'.repeat(32) };
  it('opens what it sealed, and nothing under another key or with a changed byte', () => {
    const sealed = sealSecret(config, 'client-secret-ü');
    expect(sealed).not.toContain('client-secret');
    expect(openSecret(config, sealed)).toBe('client-secret-ü');
    expect(openSecret({ secretsKey: 'j'.repeat(32) }, sealed)).toBeNull();
    const parts = sealed.split('.');
    parts[3] = `${parts[3]?.startsWith('A') ? 'B' : 'A'}${parts[3]?.slice(1)}`;
    expect(openSecret(config, parts.join('.'))).toBeNull();
    expect(openSecret(config, 'garbage')).toBeNull();
  });
});
