/**
 * The place a time zone is named after, for zones the engine has no name for in a language (issue 26). Chromium's ICU
 * data names every zone in English, but some only by their offset in Arabic ("غرينتش-٠٥:٠٠" for Rio Branco), and many
 * by a Latin city ("توقيت Chicago"). Such a zone is named by its city from the small table below, else by its country
 * (Intl.Locale's zones of a region, named by Intl.DisplayNames), so a label says where, not only a bare offset.
 * Imports nothing of ours: locales.ts and zones.ts both use it.
 */

/**
 * Arabic names of the cities whose zones Chromium names only by an offset in Arabic (measured on Chromium 156 over
 * Intl.supportedValuesOf('timeZone')): a city says more than its country (Rio Branco keeps another clock than Brazil's
 * capital). Keys are canonical ids.
 */
const CITY_AR: Record<string, string> = {
  'America/Eirunepe': 'إيرونيبي',
  'America/Nuuk': 'نوك',
  'America/Punta_Arenas': 'بونتا أريناس',
  'America/Rio_Branco': 'ريو برانكو',
  'America/Scoresbysund': 'سكورسبيسوند',
  'Antarctica/Palmer': 'بالمر',
  'Asia/Urumqi': 'أورومتشي',
  'Pacific/Bougainville': 'بوغانفيل',
};

/** The ids ICU still lists under an older spelling, read as the table's. */
const OLD: Record<string, string> = { 'America/Godthab': 'America/Nuuk' };

let countries: Map<string, string> | null = null;

/**
 * Zone id → ISO region, from Intl.Locale's zones of each region ('und-BR' lists Brazil's). Built once, on the first
 * zone that needs it: 676 two-letter codes take a few milliseconds. Engines without the API give an empty map.
 */
function countryOf(timeZone: string): string | null {
  if (!countries) {
    countries = new Map();
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    for (const a of letters) {
      for (const b of letters) {
        const locale = new Intl.Locale(`und-${a}${b}`) as Intl.Locale & {
          getTimeZones?: () => string[] | undefined;
          timeZones?: string[];
        };
        const zones = locale.getTimeZones?.() ?? locale.timeZones ?? [];
        for (const zone of zones) countries.set(zone, `${a}${b}`);
      }
    }
  }
  return countries.get(timeZone) ?? countries.get(OLD[timeZone] ?? '') ?? null;
}

function regionName(lang: 'ar' | 'en', region: string): string | null {
  try {
    const name = new Intl.DisplayNames([lang], { type: 'region', fallback: 'none' }).of(region);
    return name && name !== region ? name : null;
  } catch {
    return null;
  }
}

/**
 * The place a zone is named by in a language: English takes the city of the id ("Rio Branco"); Arabic the table's
 * city, else the zone's country as Intl names it ("البرازيل"). Null where none is known; never the raw id.
 */
export function zonePlace(lang: 'ar' | 'en', timeZone: string): string | null {
  const id = OLD[timeZone] ?? timeZone;
  if (!id.includes('/') || id.startsWith('Etc/')) return null;
  if (lang === 'en') return id.split('/').pop()?.replaceAll('_', ' ').replaceAll('-', ' ') ?? null;
  const city = CITY_AR[id];
  if (city) return city;
  const region = countryOf(id);
  return region ? regionName(lang, region) : null;
}

/** "توقيت ريو برانكو", "Rio Branco Time": a place's time, worded as Intl words the zones it names. */
export function placeTime(lang: 'ar' | 'en', place: string): string {
  return lang === 'ar' ? `توقيت ${place}` : `${place} Time`;
}
