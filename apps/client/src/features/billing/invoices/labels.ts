import { useLingui } from '@lingui/react/macro';
import type { Locale } from '@majlis/i18n';
import { formatMoney } from '../../../lib/format.ts';

/** An amount in minor units as money, in the reader's language and digits. */
export function money(locale: Locale, minor: number, currency: string): string {
  return formatMoney(locale, minor, currency, { minimumFractionDigits: 2 });
}

/** An invoice's type ('room:monthly', 'purchase:monthly', 'renewal:daily', 'enterprise:monthly') in words. */
export function useInvoiceType() {
  const { t } = useLingui();
  const kind: Record<string, string> = {
    room: t`New room`,
    renewal: t`Room renewal`,
    purchase: t`Room purchase`,
    enterprise: t`Enterprise account`,
  };
  const period: Record<string, string> = {
    daily: t`Daily plan (7 days)`,
    monthly: t`Monthly`,
    annual: t`Annual`,
  };
  return (type: string): string => {
    const [k = '', p = ''] = type.split(':');
    const what = kind[k] ?? k;
    const when = period[p] ?? p;
    return t`${what}, ${when}`;
  };
}
