import { describe, expect, it } from 'vitest';
import { formatBytes } from './format.ts';

/** Issue 26: "0 byte of 10 GB" in English; sizes read with their plural in both languages. */
describe('formatBytes', () => {
  it.each([
    [0, '0 bytes'],
    [1, '1 byte'],
    [512, '512 bytes'],
    [10 * 1024 ** 3, '10 GB'],
    [1.5 * 1024 ** 2, '1.5 MB'],
  ])('English: %d → %s', (bytes, text) => {
    expect(formatBytes('en', bytes)).toBe(text);
  });

  it('Arabic: the unit written out, never Latin', () => {
    expect(formatBytes('ar', 0)).not.toMatch(/[A-Za-z]/);
    expect(formatBytes('ar', 10 * 1024 ** 3)).toContain('غيغابايت');
  });
});
