import { useLingui } from '@lingui/react/macro';
import { canonicalZone, type ZoneRegion } from '@majlis/i18n';
import { type ComboboxItem, type ComboboxParsedItem, type OptionsFilter, Select } from '@mantine/core';
import { useMemo, useState } from 'react';
import { zoneChoices, zoneLabel } from '../../lib/format.ts';
import { useLanguage } from '../../state/language.tsx';

/**
 * The time-zone picker (issue 26): zones named by Intl in the reader's language ("توقيت مصر (غرينتش+٢)"), grouped by
 * region, found by a word of either language or the city, canonical ids only (a saved "Africa/Asmera" shows as
 * Asmara's). The id is the value and is never shown. The four hundred names are built when the list first opens.
 */
export function ZonePicker(props: {
  label: string;
  value: string;
  onChange: (zone: string) => void;
  error?: React.ReactNode;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const [opened, setOpened] = useState(false);
  const value = canonicalZone(props.value);
  const regionName: Record<ZoneRegion, string> = {
    Africa: t`Africa`,
    Asia: t`Asia`,
    Europe: t`Europe`,
    America: t`The Americas`,
    Atlantic: t`Atlantic Ocean`,
    Indian: t`Indian Ocean`,
    Pacific: t`Pacific Ocean`,
    Australia: t`Australia`,
    Antarctica: t`Antarctica`,
    Other: t`Other`,
  };
  const options = useMemo(
    () =>
      opened
        ? zoneChoices(language, value)
        : [{ value, label: zoneLabel(language, value), region: 'Other' as const, search: '', offsetMinutes: 0 }],
    [opened, language, value],
  );
  // Grouping is cheap; naming four hundred zones (above) is not.
  const groups = new Map<ZoneRegion, ComboboxItem[]>();
  for (const o of options) groups.set(o.region, [...(groups.get(o.region) ?? []), { value: o.value, label: o.label }]);
  const data = opened
    ? [...groups].map(([region, items]) => ({ group: regionName[region], items }))
    : options.map((o) => ({ value: o.value, label: o.label }));
  const filter: OptionsFilter = ({ options: parsed, search }) => {
    const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
    if (words.length === 0) return parsed;
    const searchOf = new Map(options.map((o) => [o.value, o.search]));
    const matches = (item: ComboboxItem) => {
      const text = searchOf.get(item.value) ?? item.label.toLowerCase();
      return words.every((w) => text.includes(w));
    };
    const kept: ComboboxParsedItem[] = [];
    for (const entry of parsed) {
      if ('group' in entry) {
        const items = entry.items.filter(matches);
        if (items.length) kept.push({ ...entry, items });
      } else if (matches(entry)) kept.push(entry);
    }
    return kept;
  };

  return (
    <Select
      label={props.label}
      searchable
      allowDeselect={false}
      data={data}
      value={value}
      filter={filter}
      onDropdownOpen={() => setOpened(true)}
      onChange={(v) => props.onChange(v ?? value)}
      error={props.error}
      maxDropdownHeight={320}
      comboboxProps={{ withinPortal: true }}
      data-testid="profile-zone"
    />
  );
}
