import { useLingui } from '@lingui/react';
import type { ReactNode } from 'react';

const CATALOG_ID = /^field\.[A-Za-z]+$/;

/**
 * How a form shows a field's error: the client's own check gives a contract catalog id ('field.meetingName'),
 * shown in the reader's language from the server catalog's words (i18n.ts loads them); a server refusal already
 * carries its words in the reader's language and is shown as it came.
 */
export function useFieldError(): (error: ReactNode) => ReactNode {
  const { i18n } = useLingui();
  return (error) => (typeof error === 'string' && CATALOG_ID.test(error) ? i18n._(error) : (error ?? undefined));
}
