import type { InvoiceSummary, InvoiceView } from '@majlis/contracts/billing';
import type { Locale } from '@majlis/i18n';
import { seg } from '../../../lib/api.ts';
import { http } from '../../../lib/http.ts';

export type { InvoiceSummary, InvoiceView };

/** GET /api/billing/invoices (ZInvoiceList) and one invoice (ZInvoiceView), its lines in the language asked for. */
export const invoicesApi = {
  list: () => http.get<{ invoices: InvoiceSummary[] }>('/api/billing/invoices'),
  get: (id: string, lang: Locale) => http.get<InvoiceView>(`/api/billing/invoices/${seg(id)}?lang=${lang}`),
};

/** The printable page of an invoice. */
export const invoicePath = (id: string) => `/dashbord/billing/invoices/${seg(id)}`;

/** The PDF download (a plain GET the browser follows: the session cookie is enough). */
export const invoicePdfUrl = (id: string, lang: Locale) => `/api/billing/invoices/${seg(id)}/pdf?lang=${lang}`;
