import { type DigitStyle, formatNumber, intlLocale, type Locale, zoneName } from './locales.ts';

/**
 * Time zones as a reader sees them (issue 26): named from Intl in their language, grouped by region, canonical IANA
 * ids only. ICU still lists the old CLDR spellings ("Africa/Asmera", "Asia/Calcutta"); they are read as today's.
 */

const LEGACY: Record<string, string> = {
  'Africa/Asmera': 'Africa/Asmara',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Coral_Harbour': 'America/Atikokan',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Godthab': 'America/Nuuk',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Louisville': 'America/Kentucky/Louisville',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
};

function known(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** Today's IANA id of a zone ("Africa/Asmera" → "Africa/Asmara") when this engine knows it. */
export function canonicalZone(timeZone: string): string {
  const current = LEGACY[timeZone];
  return current && known(current) ? current : timeZone;
}

/** The regions a picker groups zones by, in the order it shows them (their names are in the client's catalog). */
export const ZONE_REGIONS = [
  'Africa',
  'Asia',
  'Europe',
  'America',
  'Atlantic',
  'Indian',
  'Pacific',
  'Australia',
  'Antarctica',
  'Other',
] as const;
export type ZoneRegion = (typeof ZONE_REGIONS)[number];

export function regionOf(timeZone: string): ZoneRegion {
  const first = timeZone.split('/')[0] as ZoneRegion;
  return (ZONE_REGIONS as readonly string[]).includes(first) ? first : 'Other';
}

/** "غرينتش+٢", "GMT+5:30": the zone's offset at a moment, in the reader's digits. */
export function zoneOffset(locale: Locale, timeZone: string, at: Date, digits?: DigitStyle | null): string {
  return (
    new Intl.DateTimeFormat(intlLocale(locale, digits), { timeZone, timeZoneName: 'shortOffset' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value ?? ''
  );
}

export interface ZoneOption {
  /** The canonical IANA id (the stored value; never shown). */
  value: string;
  /** "توقيت مصر (غرينتش+٢)", "Egypt Time (GMT+2)". */
  label: string;
  region: ZoneRegion;
  /** What a search matches: the name in both languages and the city, lower case. */
  search: string;
  /** Minutes east of UTC at the moment asked, to order a region. */
  offsetMinutes: number;
}

/** A name that says a place or a generic time, not an abbreviation ('EET') nor an offset ('GMT+2'). */
const named = (name: string) => /\s/.test(name) && !/[+\u2212-]\s*[0-9\u0660-\u0669]/.test(name);

/**
 * One formatter per zone and language gives both the zone's name and its wall clock (hence its offset): building a
 * formatter for a zone costs about a millisecond, and a picker lists four hundred.
 */
function nameAndOffset(tag: string, timeZone: string, at: Date): { name: string; offsetMinutes: number } {
  const parts = new Intl.DateTimeFormat(tag, {
    timeZone,
    timeZoneName: 'shortGeneric',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
    numberingSystem: 'latn',
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'));
  const utc = Math.floor(at.getTime() / 60_000) * 60_000;
  return {
    name: parts.find((p) => p.type === 'timeZoneName')?.value ?? '',
    offsetMinutes: Math.round((wall - utc) / 60_000),
  };
}

/** "غرينتش+٥:٣٠", "GMT−3": an offset in the words and digits of a language, as Intl writes it for UTC. */
function offsetText(locale: Locale, minutes: number, digits?: DigitStyle | null, at: Date = new Date()): string {
  const gmt = zoneOffset(locale, 'UTC', at, digits).replace(/[+\u2212-]?[0-9\u0660-\u0669:]+$/, '');
  if (minutes === 0) return `${gmt}+${formatNumber(locale, 0, undefined, digits)}`;
  const abs = Math.abs(minutes);
  const h = formatNumber(locale, Math.floor(abs / 60), undefined, digits);
  const m = abs % 60 ? `:${formatNumber(locale, abs % 60, { minimumIntegerDigits: 2 }, digits)}` : '';
  return `${gmt}${minutes < 0 ? '-' : '+'}${h}${m}`;
}

function allZones(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  const listed = intl.supportedValuesOf?.('timeZone') ?? [];
  return [...new Set([...listed.map(canonicalZone), 'UTC'])];
}

const cache = new Map<string, ZoneOption[]>();

/**
 * An Arabic name in Arabic letters only: where the engine knows no Arabic name for a city (Chromium's ICU data often
 * has none: "توقيت Chicago"), zoneName finds another: the generic name ("التوقيت المركزي لأمريكا الشمالية"), else the
 * city or country of zone-places.ts ("توقيت ريو برانكو") where Intl would give only an offset.
 */
function readerName(locale: Locale, timeZone: string, at: Date, found: string, digits?: DigitStyle | null): string {
  const fits = named(found) && !(locale === 'ar' && /[A-Za-z]/.test(found));
  return fits ? found : zoneName(locale, timeZone, at, digits);
}

/** Minutes east of UTC in mid-January and mid-July: two zones with one name but other summer clocks stay apart. */
function seasons(timeZone: string, at: Date): [number, number] {
  const year = at.getUTCFullYear();
  return [
    nameAndOffset('en', timeZone, new Date(Date.UTC(year, 0, 15))).offsetMinutes,
    nameAndOffset('en', timeZone, new Date(Date.UTC(year, 6, 15))).offsetMinutes,
  ];
}

/**
 * Every zone a reader can choose, named in their language and ordered by region then offset. Zones that read the same
 * and keep the same clock all year (two cities named after their country or their generic time) are shown once, found
 * by any of their cities, unless one of them is `keep` (the saved one); the same name with another summer clock gets
 * both offsets. Kept per language, digits and hour: building it takes a few hundred milliseconds.
 */
export function zoneOptions(
  locale: Locale,
  digits?: DigitStyle | null,
  at: Date = new Date(),
  keep?: string | null,
): ZoneOption[] {
  const kept = keep ? canonicalZone(keep) : null;
  const key = `${locale} ${digits ?? ''} ${Math.floor(at.getTime() / 3_600_000)} ${kept ?? ''}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const other: Locale = locale === 'ar' ? 'en' : 'ar';
  const tagOf = (l: Locale) => (l === 'en' ? 'en-001' : intlLocale(l));
  // First pass: each zone's name and current offset; zones that would read alike are grouped.
  const byLabel = new Map<string, ZoneOption[]>();
  for (const value of allZones()) {
    let mine: ReturnType<typeof nameAndOffset>;
    let theirs: ReturnType<typeof nameAndOffset>;
    try {
      mine = nameAndOffset(tagOf(locale), value, at);
      theirs = nameAndOffset(tagOf(other), value, at);
    } catch {
      continue; // a zone this engine lists but cannot format
    }
    const name = readerName(locale, value, at, mine.name, digits);
    const offset = offsetText(locale, mine.offsetMinutes, digits, at);
    // No name in the reader's letters at all (neither Intl nor zone-places.ts knows the place): its offset says it.
    const label = !named(name) || (locale === 'ar' && /[A-Za-z]/.test(name)) ? offset : `${name} (${offset})`;
    const city = value.split('/').pop()?.replaceAll('_', ' ') ?? value;
    const option: ZoneOption = {
      value,
      label,
      region: regionOf(value),
      search: `${label} ${theirs.name} ${city}`.toLowerCase(),
      offsetMinutes: mine.offsetMinutes,
    };
    byLabel.set(label, [...(byLabel.get(label) ?? []), option]);
  }
  // Second pass: one option per name and clock; another summer clock under the same name shows both offsets.
  const list: ZoneOption[] = [];
  for (const [label, group] of byLabel) {
    if (group.length === 1) {
      list.push(group[0] as ZoneOption);
      continue;
    }
    const byClock = new Map<string, ZoneOption[]>();
    for (const o of group) {
      const clock = seasons(o.value, at).join(' ');
      byClock.set(clock, [...(byClock.get(clock) ?? []), o]);
    }
    for (const [clock, same] of byClock) {
      const chosen = same.find((o) => o.value === kept) ?? (same[0] as ZoneOption);
      const [winter = 0, summer = 0] = clock.split(' ').map(Number);
      const otherClock = winter === chosen.offsetMinutes ? summer : winter;
      const shown =
        byClock.size > 1 && otherClock !== chosen.offsetMinutes
          ? `${label.slice(0, -1)}${locale === 'ar' ? '، ' : ', '}${offsetText(locale, otherClock, digits, at)})`
          : label;
      list.push({ ...chosen, label: shown, search: same.map((o) => o.search).join(' ') });
    }
  }
  const order = (r: ZoneRegion) => ZONE_REGIONS.indexOf(r);
  list.sort(
    (a, b) =>
      order(a.region) - order(b.region) ||
      a.offsetMinutes - b.offsetMinutes ||
      a.label.localeCompare(b.label, locale === 'ar' ? 'ar' : 'en'),
  );
  cache.set(key, list);
  return list;
}
