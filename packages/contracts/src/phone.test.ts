import { describe, expect, it } from 'vitest';
import { normalizePhone } from './phone.ts';

describe('normalizePhone', () => {
  it.each([
    ['+201001234567', '+201001234567'],
    ['+20 100 123 4567', '+201001234567'],
    ['00201001234567', '+201001234567'],
    ['+٢٠١٠٠١٢٣٤٥٦٧', '+201001234567'],
    ['+966 50 123 4567', '+966501234567'],
  ])('%s → %s', (input, out) => expect(normalizePhone(input)).toBe(out));

  it.each(['01001234567', '1001234567', '+20', '+abc', '', '+2010012345678901234'])(
    'refuses %s (no country code or invalid)',
    (input) => expect(normalizePhone(input)).toBeNull(),
  );
});
