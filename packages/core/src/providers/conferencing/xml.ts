import { XMLParser, XMLValidator } from 'fast-xml-parser';

/**
 * The BigBlueButton API's XML answers, read with fast-xml-parser into a small ordered tree: elements, their text (CDATA
 * included, entities decoded), attributes ignored. A body that is not well-formed XML (an HTML error page, a cut-off
 * answer, nothing at all) reads as an empty document, so callers see "no <response>" instead of a half-read one.
 */
export interface XmlNode {
  name: string;
  text: string;
  children: XmlNode[];
}

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  // values stay strings (ids such as "0123" or "1e5" must not become numbers) and keep their spaces; textOf trims
  parseTagValue: false,
  trimValues: false,
  // numeric character references (&#1575;, &#x627;) besides the five XML entities
  htmlEntities: true,
});

/** One entry of fast-xml-parser's ordered output: { tag: [children] } or { '#text': value }. */
type Ordered = Record<string, unknown>;

function toNode(name: string, entries: Ordered[]): XmlNode {
  const node: XmlNode = { name, text: '', children: [] };
  for (const entry of entries) {
    for (const [key, value] of Object.entries(entry)) {
      if (key === '#text') node.text += String(value);
      else if (key !== ':@' && Array.isArray(value)) node.children.push(toNode(key, value as Ordered[]));
    }
  }
  return node;
}

export function parseXml(xml: string): XmlNode {
  if (!xml.trim() || XMLValidator.validate(xml) !== true) return { name: '#document', text: '', children: [] };
  try {
    return toNode('#document', parser.parse(xml) as Ordered[]);
  } catch {
    return { name: '#document', text: '', children: [] }; // e.g. an entity expansion over the parser's limits
  }
}

export const child = (node: XmlNode | undefined, name: string) => node?.children.find((c) => c.name === name);
export const children = (node: XmlNode | undefined, name: string) =>
  node?.children.filter((c) => c.name === name) ?? [];
export const textOf = (node: XmlNode | undefined, name: string) => child(node, name)?.text.trim() ?? '';

/** For the XML the BigBlueButton simulator writes in tests (five characters; no library needed for that). */
export function escapeXml(s: string): string {
  return s.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] as string,
  );
}
