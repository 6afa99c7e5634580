import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { useDocumentMeta } from '../lib/meta.ts';

/** Sets the page title and description in the active language, then renders the page. */
export function Page({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  const { t } = useLingui();
  useDocumentMeta(
    title,
    description ?? t`Majlis is an online meetings and events platform in Arabic and English.`,
    t`Majlis`,
  );
  return <>{children}</>;
}
