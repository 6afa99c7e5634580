import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The Arabic of a client message, read from the catalog the app is built from, so a spec names a control by the words
 * a user sees without copying a translation that may be reworded. Single-line entries only (what labels are).
 */
const po = readFileSync(fileURLToPath(new URL('../../packages/i18n/locales/ar/messages.po', import.meta.url)), 'utf8');
const digits = (s: string) => s.replace(/[0-9]/g, (d) => String.fromCharCode(0x0660 + Number(d)));

export function ar(msgid: string, context?: string): string {
  const quoted = JSON.stringify(msgid);
  const head = `${context ? `\nmsgctxt ${JSON.stringify(context)}` : ''}\nmsgid ${quoted}\nmsgstr `;
  const at = po.indexOf(`${head}"`);
  if (at < 0) throw new Error(`no Arabic for ${quoted}`);
  const line = po.slice(at + head.length).split('\n')[0] ?? '""';
  const text = JSON.parse(line) as string;
  if (!text) throw new Error(`empty Arabic for ${quoted}`);
  return text;
}

/** A message with ICU arguments filled in the way the Arabic page shows them (Arabic-Indic digits). */
export function arWith(msgid: string, values: Record<string, string | number>): string {
  return ar(msgid).replace(/\{(\w+)\}/g, (_, k: string) => digits(String(values[k] ?? '')));
}
