import { z } from 'zod';

/**
 * Shared string rules for every text that enters the system (HTTP bodies, queries, path segments, socket events).
 * Field messages are catalog ids of packages/i18n/locales/{ar,en}/server.po.
 */
export const CONTROL_CHARS = 'field.controlChars';

/** C0 controls (U+0000–U+001F) and DEL (U+007F). NUL in particular is refused by PostgreSQL in text columns. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding C0 controls is the point (\p{Cc} would add C1, which is allowed).
const C0_ANY = /[\u0000-\u001f\u007f]/;
/** The same without tab, line feed and carriage return, which multi-line text may hold. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: as above, less the line breaks.
const C0_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * Bidi embeddings, overrides and isolates (LRE RLE PDF LRO RLO, LRI RLI FSI PDI). In a name they can reorder what
 * follows them wherever the name is shown (a file-name style spoof, or a sentence of a notification turned around),
 * and an unterminated one leaks into the surrounding text. LRM/RLM (U+200E/F) and ALM (U+061C) are kept: they are
 * single strong marks that cannot reorder anything beyond their neighbours, and they are what people legitimately
 * type to fix the look of a mixed Arabic/Latin name.
 */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;

export function hasControlChars(value: string, opts: { multiline?: boolean } = {}): boolean {
  return (opts.multiline ? C0_BUT_LINES : C0_ANY).test(value);
}

export function stripBidiControls(value: string): string {
  return value.replace(BIDI_CONTROLS, '');
}

/**
 * A single-line text (e-mail, phone, search, number, id from a client): no C0 control characters at all.
 * `message` is the id shown when the value is not a string. Chain `.trim().min().max()` after it as with z.string().
 */
export function singleLine(message?: string) {
  return z.string(message).refine((v) => !hasControlChars(v), { message: CONTROL_CHARS, abort: true });
}

/** A multi-line text (chat message, contact message, meeting description): tab, CR and LF are allowed. */
export function multiLine(message?: string) {
  return z
    .string(message)
    .refine((v) => !hasControlChars(v, { multiline: true }), { message: CONTROL_CHARS, abort: true });
}

/** A person's, meeting's or room's name: single-line, with bidi embeddings/overrides/isolates removed. */
export function nameText(message?: string) {
  return singleLine(message).overwrite(stripBidiControls);
}
