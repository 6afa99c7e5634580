import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { InvoiceView } from '@majlis/contracts/billing';
import { formatHijri } from '@majlis/i18n';
import { getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { renderInvoicePdf } from './invoice-pdf.ts';

const party = (name: string, taxId: string | null = null): InvoiceView['seller'] => ({
  name,
  address: 'القاهرة، جمهورية مصر العربية',
  city: null,
  country: null,
  postalCode: null,
  phone: '+20 2 1234 5678',
  email: null,
  taxId,
});
const invoice: InvoiceView = {
  id: '00000000-0000-0000-0000-000000000002',
  number: '2026-000002',
  issuedAt: '2026-11-25T10:00:00.000Z',
  type: 'room:monthly',
  currency: 'EGP',
  lines: [
    {
      label: 'غرفة «قاعة الإدارة»: BigBlueButton، حتى ٢٥ مشاركًا، شهري',
      quantity: 1,
      unitMinor: 125_000,
      amountMinor: 125_000,
    },
  ],
  subtotalMinor: 125_000,
  discountMinor: 25_000,
  couponCode: null,
  taxPercent: 14,
  taxMinor: 14_000,
  totalMinor: 114_000,
  paid: true,
  paidAt: '2026-11-25T10:00:00.000Z',
  seller: party('مجلس', '000-000-000'),
  billTo: party('شركة النيل للتدريب'),
};

interface Line {
  /** The line as a reader sees it, left to right: the text items of one baseline sorted by x. */
  visual: string;
  /** Baseline of the line's first item, from the top of the page. */
  top: number;
  items: { str: string; x: number }[];
}

/** The page's text as drawn: items grouped by baseline, each line's items in their left-to-right order. */
async function linesOf(pdf: Buffer): Promise<Line[]> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const page = await doc.getPage(1);
  const height = page.view[3] ?? 0;
  const { items } = await page.getTextContent();
  const placed = items
    .flatMap((i) => ('str' in i && i.str ? [i] : []))
    .map((i) => ({ str: i.str, x: i.transform[4] as number, top: height - (i.transform[5] as number) }))
    .sort((a, b) => a.top - b.top);
  // Runs set in different fonts (Arabic, Latin) sit a point or two apart on one line; rows are 14 pt or more apart.
  const lines: Line[] = [];
  for (const item of placed) {
    const last = lines[lines.length - 1];
    if (last && item.top - last.top <= 4) last.items.push(item);
    else lines.push({ visual: '', top: item.top, items: [item] });
  }
  for (const line of lines) {
    line.items.sort((a, b) => a.x - b.x);
    line.visual = line.items.map((i) => i.str).join('');
  }
  return lines;
}

/** The first line whose visual text holds `needle`. */
const lineWith = (lines: Line[], needle: string | RegExp) =>
  lines.find((l) => (typeof needle === 'string' ? l.visual.includes(needle) : needle.test(l.visual)));
/** The x at which a piece of a line starts. */
const xOf = (line: Line, needle: string) => line.items.find((i) => i.str.includes(needle))?.x ?? Number.NaN;

describe('the Arabic invoice PDF', () => {
  it('shows the invoice number year first, and the tax and total rows as the page does, in Arabic-Indic digits', async () => {
    const pdf = await renderInvoicePdf(invoice, { locale: 'ar', digits: null, timeZone: 'Africa/Cairo' });
    const lines = await linesOf(pdf);
    const all = lines.map((l) => l.visual).join('\n');

    // The number is a left-to-right run, as <bdi dir="ltr"> shows it on the page: the year, then the sequence.
    const number = lineWith(lines, /[٠-٩]{6}/);
    expect(number?.visual, all).toContain('٢٠٢٦-٠٠٠٠٠٢');
    expect(number?.visual).not.toContain('٠٠٠٠٠٢-٢٠٢٦');
    expect(xOf(number as Line, '٢٠٢٦')).toBeLessThan(xOf(number as Line, '٠٠٠٠٠٢'));
    expect(number?.visual).not.toMatch(/[0-9]/);

    // Tax and total rows: the label at the start (right), the amount at the end (left), the total below the tax.
    const tax = lineWith(lines, '١٤٠٫٠٠');
    const total = lineWith(lines, '١٬١٤٠٫٠٠');
    expect(tax, all).toBeDefined();
    expect(total, all).toBeDefined();
    // (Arabic words come back from the PDF as shaped glyphs, so the rows are told by their digits and signs.)
    expect(tax?.visual).toContain('١٤٪');
    expect(xOf(tax as Line, '١٤٠٫٠٠')).toBeLessThan(xOf(tax as Line, '١٤٪'));
    expect(
      (total as Line).items.some((i) => /\p{Script=Arabic}/u.test(i.str) && i.x > xOf(total as Line, '١٬١٤٠٫٠٠')),
    ).toBe(true);
    // The grey bar behind the total begins 8 pt above the total's line; the tax row's Arabic line is 1.7 × 10 pt
    // tall, so the two baselines must be at least 28 pt apart for the bar to leave the tax row whole.
    expect((total?.top ?? 0) - (tax?.top ?? 0)).toBeGreaterThanOrEqual(28);

    // An artefact to look at (the text above is the assertion): page 1 rasterised, when poppler's pdftoppm exists.
    let pdftoppm = '';
    try {
      pdftoppm = execFileSync('which', ['pdftoppm'], { encoding: 'utf8' }).trim();
    } catch {
      // No pdftoppm here: no picture, the text test stands alone.
    }
    if (pdftoppm) {
      const dir = mkdtempSync(join(tmpdir(), 'invoice-pdf-'));
      const artifacts = resolve(import.meta.dirname, '../../../../e2e/artifacts');
      mkdirSync(artifacts, { recursive: true });
      writeFileSync(join(dir, 'invoice.pdf'), pdf);
      execFileSync(pdftoppm, [
        '-png',
        '-r',
        '110',
        '-singlefile',
        join(dir, 'invoice.pdf'),
        join(artifacts, 'invoice-ar'),
      ]);
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('the invoice PDF for a reader who asked for Hijri dates (issue 26)', () => {
  it('shows the Umm al-Qura date beside the invoice date, only for that reader', async () => {
    const reader = { digits: null, timeZone: 'Africa/Cairo' } as const;
    const hijriEn = formatHijri('en', invoice.issuedAt, 'Africa/Cairo');
    expect(hijriEn).toMatch(/1448 AH$/);
    const en = await linesOf(await renderInvoicePdf(invoice, { ...reader, locale: 'en', hijri: true }));
    // beside the date, wrapping onto the next line of its column (that line also holds the seller's name, on the left)
    const at = en.findIndex((l) => l.visual.includes('25 November 2026'));
    const column = xOf(en[at] as Line, '25 November 2026');
    const value = [en[at], en[at + 1]].flatMap((l) => (l as Line).items.filter((i) => i.x >= column - 1));
    expect(value.map((i) => i.str.trim()).join(' ')).toBe(`25 November 2026 (${hijriEn})`);
    const plain = (await linesOf(await renderInvoicePdf(invoice, { ...reader, locale: 'en' }))).map((l) => l.visual);
    expect(plain.join('\n')).toContain('25 November 2026');
    expect(plain.join('\n')).not.toContain('AH');
    // Arabic words come back as shaped glyphs: the Hijri year's Arabic-Indic digits tell the date is there
    const ar = (await linesOf(await renderInvoicePdf(invoice, { ...reader, locale: 'ar', hijri: true }))).map(
      (l) => l.visual,
    );
    expect(ar.join('\n')).toContain('١٤٤٨');
    const arPlain = (await linesOf(await renderInvoicePdf(invoice, { ...reader, locale: 'ar' }))).map((l) => l.visual);
    expect(arPlain.join('\n')).not.toContain('١٤٤٨');
  }, 60_000);
});
