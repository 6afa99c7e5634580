import type { ContactConfig as ContactConfigList } from '@majlis/contracts/public';
import { useEffect, useState } from 'react';

/** First item of GET /api/config/contact (spec §3). */
export type ContactConfig = ContactConfigList[number];

let cached: Promise<ContactConfig | null> | null = null;

export function loadContactConfig(): Promise<ContactConfig | null> {
  // The public bar and footer of the first page ask for this: the typed client loads after that page, not with it
  // (it would add ~2 kB gzip to the first-load budget, apps/client/scripts/first-load-size.mjs).
  cached ??= import('../../lib/api.ts')
    .then(({ api, body }) => body(api.config.contact.$get()))
    .then((list): ContactConfig | null => list[0] ?? null)
    .catch(() => {
      cached = null;
      return null;
    });
  return cached;
}

export function useContactConfig(): ContactConfig | null {
  const [config, setConfig] = useState<ContactConfig | null>(null);
  useEffect(() => {
    let live = true;
    void loadContactConfig().then((c) => live && setConfig(c));
    return () => {
      live = false;
    };
  }, []);
  return config;
}

/** wa.me wants the number as digits only, with its country code. */
export function whatsappHref(number: string): string {
  return `https://wa.me/${number.replace(/\D/g, '')}`;
}
