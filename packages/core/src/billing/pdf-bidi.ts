import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import bidiFactory from 'bidi-js';
import type PDFDocument from 'pdfkit';

type Doc = InstanceType<typeof PDFDocument>;

/**
 * Mixed Arabic and Latin text for pdfkit. pdfkit shapes a string with fontkit, which joins Arabic letters but then
 * reverses the whole string when it guesses an Arabic script, digits and Latin words included, and knows nothing of
 * bidi. So each line is ordered here by the Unicode bidi algorithm (bidi-js) into visual runs, every run set in a font
 * that has its glyphs, and handed to fontkit so that its own reversal lands on the visual order.
 */

const bidi = bidiFactory();
const require = createRequire(import.meta.url);

/** Noto Sans Arabic (OFL) from @fontsource, split by script there: its Arabic, Latin and Latin-extended files. */
const SUBSETS = ['arabic', 'latin', 'latin-ext'] as const;
const file = (subset: string, weight: number) =>
  require.resolve(`@fontsource/noto-sans-arabic/files/noto-sans-arabic-${subset}-${weight}-normal.woff`);

export type Weight = 400 | 700;
const fontName = (subset: string, weight: Weight) => `${subset}-${weight}`;

let fontData: Map<string, Buffer> | null = null;

/** Registers the fonts on a document (read from disk once per process). */
export function registerFonts(doc: Doc): void {
  fontData ??= new Map(
    SUBSETS.flatMap((s) => ([400, 700] as const).map((w) => [fontName(s, w), readFileSync(file(s, w))] as const)),
  );
  for (const [name, data] of fontData) doc.registerFont(name, data);
}

interface FontkitFont {
  hasGlyphForCodePoint(cp: number): boolean;
  layout(text: string): { direction: 'ltr' | 'rtl' };
}
const fontkitOf = (doc: Doc, name: string): FontkitFont =>
  (doc.font(name) as unknown as { _font: { font: FontkitFont } })._font.font;

interface Run {
  text: string;
  font: string;
  width: number;
}

const NEUTRAL = /[\s\p{P}\p{S}]/u;
/** Direction marks (Intl puts U+200F around Arabic money) order the text but have no glyph. */
const MARKS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
/**
 * Features given explicitly make pdfkit lay the string out in one piece: without them it lays out word by word, and
 * fontkit reverses each Arabic word on its own, so the words of an Arabic line come out left to right.
 */
const WHOLE = { features: [] as never[] };

/** The runs of one line, left to right, each ready for doc.text (already in the order fontkit needs). */
function visualRuns(doc: Doc, line: string, dir: 'rtl' | 'ltr', weight: Weight, size: number): Run[] {
  const chars = [...line];
  // bidi-js indexes UTF-16 code units; invoices hold no astral characters, but keep the two in step anyway.
  const text = chars.join('');
  const levels = bidi.getEmbeddingLevels(text, dir);
  const mirrored = bidi.getMirroredCharactersMap(text, levels.levels);
  const fonts = SUBSETS.map((s) => ({ name: fontName(s, weight), font: fontkitOf(doc, fontName(s, weight)) }));
  // A font per character: the first that has it; a space or punctuation keeps the font of what comes before it.
  let previous = fonts[0]?.name ?? '';
  const fontAt = chars.map((c) => {
    const cp = c.codePointAt(0) ?? 32;
    if (NEUTRAL.test(c) && fonts.find((f) => f.name === previous)?.font.hasGlyphForCodePoint(cp)) return previous;
    previous = (fonts.find((f) => f.font.hasGlyphForCodePoint(cp)) ?? fonts[1] ?? fonts[0])?.name ?? previous;
    return previous;
  });
  const order = chars.map((_, i) => i);
  for (const [start = 0, end = -1] of bidi.getReorderSegments(text, levels)) {
    order.splice(start, end - start + 1, ...order.slice(start, end + 1).reverse());
  }
  const runs: Run[] = [];
  let group: number[] = [];
  const flush = () => {
    const first = group[0];
    if (first === undefined) return;
    const rtl = (levels.levels[first] ?? 0) % 2 === 1;
    const font = fontAt[first] ?? '';
    const visual = group
      .map((i) => mirrored.get(i) ?? chars[i])
      .join('')
      .replace(new RegExp(MARKS, 'gu'), '');
    const logical = [...visual].reverse().join('');
    // fontkit reverses what it takes for Arabic: give it the logical order of an RTL run, and an LTR run (digits in
    // the Arabic font) backwards, so both come out in visual order.
    const reverses = fontkitOf(doc, font).layout(rtl ? logical : visual).direction === 'rtl';
    const shown = rtl === reverses ? (rtl ? logical : visual) : rtl ? visual : logical;
    doc.font(font).fontSize(size);
    if (shown) runs.push({ text: shown, font, width: doc.widthOfString(shown, WHOLE) });
    group = [];
  };
  for (const i of order) {
    const last = group[group.length - 1];
    if (last !== undefined && (fontAt[last] !== fontAt[i] || levels.levels[last] !== levels.levels[i])) flush();
    group.push(i);
  }
  flush();
  return runs;
}

export interface TextOptions {
  /** The paragraph's direction (the reader's language). */
  dir: 'rtl' | 'ltr';
  align: 'left' | 'right' | 'center';
  width: number;
  size?: number;
  weight?: Weight;
  color?: string;
  lineGap?: number;
}

/** Width of a line as it will be drawn. */
export function measure(doc: Doc, text: string, o: Pick<TextOptions, 'dir' | 'size' | 'weight'>): number {
  return visualRuns(doc, text, o.dir, o.weight ?? 400, o.size ?? 10).reduce((w, r) => w + r.width, 0);
}

/** Words filled into lines no wider than `width` (a word longer than a line stands alone). */
function wrap(doc: Doc, text: string, o: TextOptions): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (line && measure(doc, next, o) > o.width) {
        lines.push(line);
        line = word;
      } else line = next;
    }
    lines.push(line);
  }
  return lines;
}

/** Draws text at (x, y) within `width`, wrapped and ordered; returns the y below it. */
export function drawText(doc: Doc, text: string, x: number, y: number, o: TextOptions): number {
  const size = o.size ?? 10;
  const weight = o.weight ?? 400;
  const height = size * 1.6 + (o.lineGap ?? 0);
  let top = y;
  for (const line of wrap(doc, text, o)) {
    const runs = visualRuns(doc, line, o.dir, weight, size);
    const total = runs.reduce((w, r) => w + r.width, 0);
    let left = o.align === 'left' ? x : o.align === 'right' ? x + o.width - total : x + (o.width - total) / 2;
    for (const run of runs) {
      doc
        .font(run.font)
        .fontSize(size)
        .fillColor(o.color ?? '#1f2937')
        .text(run.text, left, top, { lineBreak: false, ...WHOLE });
      left += run.width;
    }
    top += height;
  }
  return top;
}
