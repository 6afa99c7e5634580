import PO from 'pofile';

/** One message of a PO catalog: Lingui and our server catalogs use msgid/msgstr pairs only (no gettext plurals). */
export interface PoEntry {
  msgid: string;
  msgstr: string;
  obsolete: boolean;
}

/** Reads a PO file with pofile (multi-line strings, C escapes, `#~` obsolete entries); the header entry is dropped. */
export function parsePo(text: string): PoEntry[] {
  return PO.parse(text)
    .items.filter((item) => item.msgid !== '')
    .map((item) => ({ msgid: item.msgid, msgstr: item.msgstr[0] ?? '', obsolete: item.obsolete }));
}
