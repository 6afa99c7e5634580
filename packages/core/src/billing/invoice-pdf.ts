import type { InvoiceView } from '@majlis/contracts/billing';
import {
  type DigitStyle,
  dirOf,
  formatDateTime,
  formatMoney as formatMoneyIn,
  formatNumber,
  formatPhone,
  formatReference,
  joinParts,
  type Locale,
  withHijri,
} from '@majlis/i18n';
import { t } from '@majlis/i18n/server';
import PDFDocument from 'pdfkit';
import { drawText, registerFonts, type TextOptions } from './pdf-bidi.ts';

/** An amount in minor units as the reader reads money: their language, their digits, the currency's sign. */
export function formatMoney(locale: Locale, minor: number, currency: string, digits?: DigitStyle | null): string {
  return formatMoneyIn(locale, minor, currency, digits, { minimumFractionDigits: 2 });
}

/** An invoice's type ('room:monthly') in words: 'New room, Monthly'. */
export function typeInWords(type: string, locale: Locale, digits?: DigitStyle | null): string {
  const [kind = '', period = ''] = type.split(':');
  const say = (id: string, values?: Record<string, string>) => t(locale, id, values, digits);
  return say('invoice.typeOf', { kind: say(`invoice.kind.${kind}`), period: say(`invoice.period.${period}`) });
}

export interface InvoiceReader {
  locale: Locale;
  digits?: DigitStyle | null;
  timeZone: string;
  /** The reader's profile asks for the Hijri date beside the invoice's date (issue 26). */
  hijri?: boolean;
}

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 48;
const INNER = A4.width - 2 * MARGIN;
const MUTED = '#6b7280';
const LINE = '#d1d5db';
const ACCENT = '#0b3d91';

/**
 * The invoice as an A4 PDF in the reader's language (spec §3 Invoice): seller and bill-to blocks, number, date, type,
 * paid or not, the lines, subtotal, discount with its coupon, the tax line with the seller's registration, the total.
 * Arabic pages run right to left: every column is mirrored, and text is ordered by pdf-bidi.ts.
 */
export async function renderInvoicePdf(invoice: InvoiceView, reader: InvoiceReader): Promise<Buffer> {
  const { locale, digits } = reader;
  const dir = dirOf(locale);
  const rtl = dir === 'rtl';
  const say = (id: string, values?: Record<string, string | number>) => t(locale, id, values, digits);
  const money = (minor: number) => formatMoney(locale, minor, invoice.currency, digits);
  const day = (iso: string) =>
    formatDateTime(locale, new Date(iso), reader.timeZone, { dateStyle: 'long', timeStyle: undefined }, digits);
  /** Numbers kept as text (the invoice number, phones, tax numbers): left to right in the reader's digits. */
  const num = (s: string) => formatReference(locale, s, digits);

  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    lang: locale,
    info: { Title: `${say('invoice.title')} ${invoice.number}`, Author: say('invoice.seller.name') },
  });
  registerFonts(doc);
  const done = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  /** A box given as if the page ran left to right, mirrored on an Arabic page. */
  const box = (x: number, width: number) => (rtl ? A4.width - MARGIN - x - width : MARGIN + x);
  /** 'start' and 'end' of the reader's direction. */
  const side = (s: 'start' | 'end'): TextOptions['align'] => ((s === 'start') !== rtl ? 'left' : 'right');
  const text = (s: string, x: number, y: number, width: number, o: Partial<TextOptions> = {}) =>
    drawText(doc, s, box(x, width), y, { dir, align: side('start'), width, ...o });
  const rule = (y: number, color = LINE) =>
    doc
      .moveTo(MARGIN, y)
      .lineTo(A4.width - MARGIN, y)
      .lineWidth(0.7)
      .strokeColor(color)
      .stroke();

  // Title and the invoice's facts.
  let y = MARGIN;
  text(say('invoice.title'), 0, y, INNER / 2, { size: 24, weight: 700, color: ACCENT });
  text(say('invoice.seller.name'), 0, y + 34, INNER / 2, { size: 12, weight: 700 });
  const facts: [string, string][] = [
    [say('invoice.number'), num(invoice.number)],
    [
      say('invoice.date'),
      withHijri(locale, day(invoice.issuedAt), invoice.issuedAt, reader.timeZone, reader.hijri, digits),
    ],
    [say('invoice.type'), typeInWords(invoice.type, locale, digits)],
    [
      say('invoice.status'),
      invoice.paid && invoice.paidAt
        ? say('invoice.paidOn', { date: day(invoice.paidAt) })
        : say(invoice.paid ? 'invoice.paid' : 'invoice.unpaid'),
    ],
  ];
  let fy = y + 4;
  for (const [label, value] of facts) {
    text(label, INNER / 2, fy, 95, { size: 9, color: MUTED });
    const end = text(value, INNER / 2 + 95, fy, INNER / 2 - 95, {
      size: 10,
      weight: 700,
      color: label === say('invoice.status') ? (invoice.paid ? '#1c7c54' : '#b42318') : undefined,
    });
    // a value that wraps (the date with its Hijri date beside it) pushes the next row down
    fy = Math.max(fy + 18, end + 4);
  }
  y = Math.max(fy, y + 60) + 12;
  rule(y);
  y += 14;

  // Seller and bill-to.
  const party = (title: string, p: InvoiceView['seller'], x: number) => {
    let py = text(title, x, y, INNER / 2 - 12, { size: 9, color: MUTED });
    py = text(p.name, x, py, INNER / 2 - 12, { size: 11, weight: 700 });
    const rows = [
      [p.address, p.city, p.postalCode, p.country].filter(Boolean).join(rtl ? '، ' : ', '),
      p.phone ? say('invoice.phone', { phone: num(formatPhone(locale, p.phone, digits, false)) }) : '',
      p.email ? say('invoice.email', { email: p.email }) : '',
      p.taxId ? say('invoice.taxRegistration', { number: num(p.taxId) }) : '',
    ];
    for (const row of rows.filter(Boolean)) py = text(row, x, py, INNER / 2 - 12, { size: 9.5 });
    return py;
  };
  y =
    Math.max(party(say('invoice.seller'), invoice.seller, 0), party(say('invoice.billTo'), invoice.billTo, INNER / 2)) +
    16;

  // Lines: description, quantity, unit price, amount (columns mirrored on an Arabic page).
  const cols = { desc: [0, 265], qty: [265, 40], unit: [305, 97], amount: [402, INNER - 402] } as const;
  doc.rect(MARGIN, y - 4, INNER, 22).fill('#eef2f7');
  text(say('invoice.description'), cols.desc[0] + 6, y, cols.desc[1] - 6, { size: 9, weight: 700 });
  text(say('invoice.quantity'), cols.qty[0], y, cols.qty[1], { size: 9, weight: 700, align: 'center' });
  text(say('invoice.unitPrice'), cols.unit[0], y, cols.unit[1] - 6, { size: 9, weight: 700, align: side('end') });
  text(say('invoice.amount'), cols.amount[0], y, cols.amount[1] - 6, { size: 9, weight: 700, align: side('end') });
  y += 26;
  for (const line of invoice.lines) {
    const bottom = text(line.label, cols.desc[0] + 6, y, cols.desc[1] - 12, { size: 10 });
    text(formatNumber(locale, line.quantity, undefined, digits), cols.qty[0], y, cols.qty[1], { align: 'center' });
    text(money(line.unitMinor), cols.unit[0], y, cols.unit[1] - 6, { align: side('end') });
    text(money(line.amountMinor), cols.amount[0], y, cols.amount[1] - 6, { align: side('end') });
    y = bottom + 6;
    rule(y);
    y += 8;
  }

  // Totals, at the end side.
  const totals: [string, string, boolean][] = [[say('invoice.subtotal'), money(invoice.subtotalMinor), false]];
  if (invoice.discountMinor > 0) {
    const label = invoice.couponCode
      ? say('invoice.discountCoupon', { code: invoice.couponCode })
      : say('invoice.discount');
    totals.push([label, money(-invoice.discountMinor), false]);
  }
  totals.push([say('invoice.tax', { percent: invoice.taxPercent }), money(invoice.taxMinor), false]);
  totals.push([say('invoice.total'), money(invoice.totalMinor), true]);
  y += 4;
  for (const [label, value, strong] of totals) {
    if (strong) {
      // The bar starts below the row above it: a line of Noto Sans Arabic reaches about 1.7 × its size down, so a bar
      // begun at the next row's top (y - 5) was painted over the tax row's lower half.
      y += 8;
      doc.rect(box(INNER - 260, 260), y - 6, 260, 30).fill('#eef2f7');
      y += 2;
    }
    const o = { size: strong ? 12 : 10, weight: strong ? 700 : 400 } as const;
    text(label, INNER - 260 + 6, y, 150, o);
    text(value, INNER - 104, y, 98, { ...o, align: side('end') });
    y += strong ? 30 : 20;
  }
  const registration = invoice.seller.taxId
    ? say('invoice.taxRegistration', { number: num(invoice.seller.taxId) })
    : '';
  if (registration) text(registration, INNER - 260 + 6, y, 254, { size: 8.5, color: MUTED });

  // Footer: the seller once more, for a printed page on its own.
  const footer = joinParts([say('invoice.seller.name'), invoice.seller.address, registration]);
  rule(A4.height - MARGIN - 24);
  text(footer, 0, A4.height - MARGIN - 16, INNER, { size: 8, color: MUTED, align: 'center' });

  doc.end();
  return done;
}
