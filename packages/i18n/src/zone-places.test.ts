import { afterEach, describe, expect, it } from 'vitest';
import { zoneName } from './locales.ts';
import { placeTime, zonePlace } from './zone-places.ts';
import { zoneOptions } from './zones.ts';

/** Zones Chromium 156 names only by an offset in Arabic ("غرينتش-٠٥:٠٠"). */
const UNNAMED = ['America/Rio_Branco', 'Asia/Urumqi', 'Pacific/Bougainville', 'America/Punta_Arenas'];

const RealDateTimeFormat = Intl.DateTimeFormat;

/**
 * Node's full ICU names every zone, so Chromium's gap is reproduced: in Arabic, these zones' names are their offset,
 * as Chromium writes them. Only Intl is replaced (an engine's data, not our code).
 */
function withoutArabicNames(zones: string[]) {
  class Gap extends RealDateTimeFormat {
    override formatToParts(date?: Date | number) {
      const parts = super.formatToParts(date);
      const { locale, timeZone } = this.resolvedOptions();
      if (!locale.startsWith('ar') || !zones.includes(timeZone)) return parts;
      return parts.map((p) => (p.type === 'timeZoneName' ? { ...p, value: 'غرينتش-٠٥:٠٠' } : p));
    }
  }
  Intl.DateTimeFormat = Gap as typeof Intl.DateTimeFormat;
}

afterEach(() => {
  Intl.DateTimeFormat = RealDateTimeFormat;
});

describe('zones Intl cannot name', () => {
  it('are named by their city: from a table in Arabic, from the id in English', () => {
    expect(zonePlace('ar', 'America/Rio_Branco')).toBe('ريو برانكو');
    expect(zonePlace('en', 'America/Rio_Branco')).toBe('Rio Branco');
    expect(zonePlace('ar', 'Asia/Urumqi')).toBe('أورومتشي');
    expect(zonePlace('en', 'Asia/Urumqi')).toBe('Urumqi');
    // ICU's old spelling is read as today's city
    expect(zonePlace('ar', 'America/Godthab')).toBe('نوك');
    expect(zonePlace('en', 'America/Godthab')).toBe('Nuuk');
    expect(placeTime('ar', 'ريو برانكو')).toBe('توقيت ريو برانكو');
    expect(placeTime('en', 'Rio Branco')).toBe('Rio Branco Time');
  });

  it('are named by their country in Arabic when the table has no city, and never by an id or offset', () => {
    expect(zonePlace('ar', 'America/Araguaina')).toBe('البرازيل');
    expect(zonePlace('ar', 'Asia/Qostanay')).toBe('كازاخستان');
    expect(zonePlace('ar', 'UTC')).toBeNull();
    expect(zonePlace('en', 'Etc/GMT+3')).toBeNull();
  });

  it('read as a place in the zone labels and the picker, in both languages', () => {
    withoutArabicNames(UNNAMED);
    const at = new Date('2026-03-03T09:00:00Z');
    expect(zoneName('ar', 'America/Rio_Branco', at)).toBe('توقيت ريو برانكو');
    expect(zoneName('ar', 'Pacific/Bougainville', at)).toBe('توقيت بوغانفيل');
    const ar = zoneOptions('ar', null, at);
    const en = zoneOptions('en', null, at);
    const label = (list: typeof ar, zone: string) => list.find((o) => o.value === zone)?.label;
    expect(label(ar, 'America/Rio_Branco')).toBe('توقيت ريو برانكو (غرينتش-٥)');
    expect(label(ar, 'Asia/Urumqi')).toBe('توقيت أورومتشي (غرينتش+٦)');
    expect(label(ar, 'America/Punta_Arenas')).toBe('توقيت بونتا أريناس (غرينتش-٣)');
    for (const zone of UNNAMED) {
      // English keeps Intl's own name; neither language shows a bare offset or the id
      expect(label(en, zone), zone).toMatch(/^\p{Lu}[^/]+ \(GMT[+-]\d+\)$/u);
      expect(label(ar, zone), zone).toMatch(/^توقيت [\u0600-\u06ff ]+ \(غرينتش[+-][٠-٩]+\)$/);
    }
  }, 30_000);
});
