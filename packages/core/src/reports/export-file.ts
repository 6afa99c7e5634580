import type { ExportFormat } from '@majlis/contracts/reports';
import type { Locale } from '@majlis/i18n';
import { t } from '@majlis/i18n/server';
import { stringify } from 'csv-stringify/sync';
import writeXlsxFile from 'write-excel-file/node';

/**
 * A report as a file: CSV (UTF-8 with a BOM so spreadsheet programs read Arabic right, CRLF line ends) or XLSX (one
 * sheet, right-to-left in Arabic, header row frozen). Column headers come from the server catalog (`report.*`) in
 * the reader's language; numbers stay numbers; instants are 'YYYY-MM-DD HH:mm' on the period's wall clock.
 *
 * Formula injection (OWASP CSV injection): in CSV, a text cell starting with = + - @, a tab or a carriage return
 * gets a leading apostrophe, so a spreadsheet shows a name such as "=HYPERLINK(…)" as text instead of running it.
 * In XLSX every text is written as a string cell, never as a formula, so it needs no prefix.
 */

/** Most rows an export writes (a year of one institution is ~5,000 meetings and 100,000 stays: the stays'
 * export of a single meeting is the only one that can come near it). More rows are cut at this number. */
export const EXPORT_MAX_ROWS = 50_000;

export type Cell = string | number | null;

export interface ExportTable {
  /** The file's stem: majlis-<name>-<from>_<to>; ASCII letters, digits and '-' only. */
  name: string;
  from: string;
  to: string;
  /** Catalog id of the sheet name. */
  sheet: string;
  columns: { id: string; width: number }[];
  rows: Cell[][];
}

export interface ExportFile {
  body: Uint8Array;
  contentType: string;
  filename: string;
}

const FORMULA_START = /^[=+\-@\t\r]/;
const safeText = (v: string) => (FORMULA_START.test(v) ? `'${v}` : v);

const clocks = new Map<string, Intl.DateTimeFormat>();

/**
 * An instant as 'YYYY-MM-DD HH:mm' in the period's zone; empty when there is none. Intl (one formatter per zone)
 * rather than Temporal's polyfill, which took about a millisecond per instant: seconds for a year's export.
 */
export function wallClock(iso: string | null, timeZone: string): string {
  if (!iso) return '';
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    clocks.set(timeZone, clock);
  }
  const part: Record<string, string> = {};
  for (const p of clock.formatToParts(new Date(iso))) part[p.type] = p.value;
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}`;
}

export async function renderExport(table: ExportTable, format: ExportFormat, locale: Locale): Promise<ExportFile> {
  const headers = table.columns.map((c) => t(locale, c.id));
  const filename = `majlis-${table.name.replace(/[^A-Za-z0-9-]/g, '')}-${table.from}_${table.to}.${format}`;
  if (format === 'csv') {
    const records = [headers, ...table.rows].map((row) =>
      row.map((cell) => (typeof cell === 'string' ? safeText(cell) : cell)),
    );
    const text = stringify(records, { bom: true, record_delimiter: 'windows' });
    return { body: new TextEncoder().encode(text), contentType: 'text/csv; charset=utf-8', filename };
  }
  const data = [
    headers.map((value) => ({ value, fontWeight: 'bold' as const })),
    ...table.rows.map((row) =>
      row.map((value) =>
        value === null ? null : typeof value === 'number' ? { value, type: Number } : { value, type: String },
      ),
    ),
  ];
  // Sheet names: 31 characters at most, none of []:*?/\ (Excel's rules).
  const sheet = t(locale, table.sheet)
    .replace(/[[\]:*?/\\]/g, ' ')
    .slice(0, 31);
  const buffer = await writeXlsxFile(data, {
    sheet,
    columns: table.columns.map((c) => ({ width: c.width })),
    rightToLeft: locale === 'ar',
    stickyRowsCount: 1,
  }).toBuffer();
  return {
    body: new Uint8Array(buffer),
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    filename,
  };
}
