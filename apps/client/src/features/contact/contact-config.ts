import type { Bilingual } from '@majlis/i18n';
import { useEffect, useState } from 'react';
import { http } from '../../lib/http.ts';

/** First item of GET /api/config/contact (spec §3). */
export interface ContactConfig {
  phoneMs: string;
  phone2?: string;
  email: string;
  whatsapp?: string;
  facebook?: string;
  twitter?: string;
  linkedin?: string;
  youtube?: string;
  taxNumber?: string;
  address?: Bilingual;
}

let cached: Promise<ContactConfig | null> | null = null;

export function loadContactConfig(): Promise<ContactConfig | null> {
  cached ??= http
    .get<ContactConfig[]>('/api/config/contact')
    .then((list) => list[0] ?? null)
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
