/** Minimal reader for the PO files Lingui writes: msgid/msgstr pairs, multi-line strings, C escapes. */
export interface PoEntry {
  msgid: string;
  msgstr: string;
  obsolete: boolean;
}

function unquote(line: string): string {
  const body = line.slice(line.indexOf('"') + 1, line.lastIndexOf('"'));
  return body.replace(/\\(["\\nt])/g, (_, c: string) => (c === 'n' ? '\n' : c === 't' ? '\t' : c));
}

export function parsePo(text: string): PoEntry[] {
  const entries: PoEntry[] = [];
  let current: { msgid: string; msgstr: string; obsolete: boolean } | null = null;
  let field: 'msgid' | 'msgstr' | null = null;
  const flush = () => {
    if (current && current.msgid !== '') entries.push(current);
    current = null;
    field = null;
  };
  for (const raw of text.split(/\r?\n/)) {
    const obsolete = raw.startsWith('#~');
    const line = obsolete ? raw.slice(2).trim() : raw.trim();
    if (line.startsWith('msgid ')) {
      flush();
      current = { msgid: unquote(line), msgstr: '', obsolete };
      field = 'msgid';
    } else if (line.startsWith('msgstr ') && current) {
      current.msgstr = unquote(line);
      field = 'msgstr';
    } else if (line.startsWith('"') && current && field) {
      current[field] += unquote(line);
    } else if (line === '' || (line.startsWith('#') && !obsolete)) {
      if (field === 'msgstr') flush();
    }
  }
  flush();
  return entries;
}
