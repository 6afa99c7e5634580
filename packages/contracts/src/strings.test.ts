import { describe, expect, it } from 'vitest';
import { CONTROL_CHARS, multiLine, nameText, singleLine } from './strings.ts';

const issues = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? [] : (r.error?.issues.map((i) => i.message) ?? []);

describe('string rules', () => {
  it('single-line text refuses every C0 control and DEL, before any other rule', () => {
    const schema = singleLine('field.email').trim().min(1, 'field.email').max(5, 'field.tooLong');
    for (let code = 0; code < 0x20; code++) {
      expect(issues(schema.safeParse(`a${String.fromCharCode(code)}b`))).toEqual([CONTROL_CHARS]);
    }
    expect(issues(schema.safeParse('a\u007fb'))).toEqual([CONTROL_CHARS]);
    expect(issues(schema.safeParse('\u0000'.repeat(50)))).toEqual([CONTROL_CHARS]);
    expect(schema.parse('  ab ')).toBe('ab');
    // C1 controls and other invisible characters are not C0: they pass (PostgreSQL stores them).
    expect(schema.parse('a\u0085b')).toBe('a\u0085b');
    expect(issues(schema.safeParse(42))).toEqual(['field.email']);
  });

  it('multi-line text allows tab, CR and LF only', () => {
    const schema = multiLine('field.message');
    expect(schema.parse('line 1\r\n\tline 2\n')).toBe('line 1\r\n\tline 2\n');
    for (const bad of ['\u0000', '\u0007', '\u000b', '\u000c', '\u001b[31m', '\u007f']) {
      expect(issues(schema.safeParse(`x${bad}`))).toEqual([CONTROL_CHARS]);
    }
  });

  it('names lose bidi embeddings, overrides and isolates but keep LRM/RLM/ALM and Arabic', () => {
    const schema = nameText('field.fname').trim().min(1, 'field.fname');
    expect(schema.parse('\u202eevil\u202c.exe')).toBe('evil.exe');
    expect(schema.parse('\u2066منى\u2069 \u202aSaleh\u202b\u202d')).toBe('منى Saleh');
    expect(schema.parse('منى\u200f (Mona)\u200e\u061c')).toBe('منى\u200f (Mona)\u200e\u061c');
    // Only bidi controls: empty after stripping, so the name is missing.
    expect(issues(schema.safeParse('\u202e\u202e '))).toEqual(['field.fname']);
    expect(issues(schema.safeParse('Mona\u0000'))).toEqual([CONTROL_CHARS]);
  });
});
