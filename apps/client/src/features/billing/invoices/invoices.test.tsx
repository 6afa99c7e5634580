import type { InvoiceView } from '@majlis/contracts/billing';
import { fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { dashboardHandlers, demoUser, fakeBff, renderApp, renderWithProviders } from '../../../test/harness.tsx';
import { InvoicesTable } from './InvoicesTable.tsx';

const party = { address: null, city: null, country: null, postalCode: null, phone: null, email: null, taxId: null };
const invoice = (over: Partial<InvoiceView> = {}): InvoiceView => ({
  id: 'inv-1',
  number: '2026-000042',
  issuedAt: '2026-11-25T10:00:00.000Z',
  type: 'room:monthly',
  currency: 'EGP',
  totalMinor: 114_000,
  paid: false,
  lines: [
    {
      label: 'Room “Board”: Jitsi Meet, up to 25 participants, Monthly',
      quantity: 1,
      unitMinor: 125_000,
      amountMinor: 125_000,
    },
  ],
  subtotalMinor: 125_000,
  discountMinor: 25_000,
  couponCode: 'WELCOME20',
  taxPercent: 14,
  taxMinor: 14_000,
  paidAt: null,
  seller: { ...party, name: 'Majlis', address: 'Cairo, Egypt', taxId: '000-000-000' },
  billTo: { ...party, name: 'Nile Training', city: 'Giza', phone: '+20 2 1234 5678' },
  ...over,
});
const summary = ({
  lines,
  subtotalMinor,
  discountMinor,
  couponCode,
  taxPercent,
  taxMinor,
  paidAt,
  seller,
  billTo,
  ...s
}: InvoiceView) => s;

function signIn(lang: 'Ar' | 'En') {
  localStorage.setItem('MajlisLang', lang);
  localStorage.setItem('user', JSON.stringify(demoUser));
}

describe('invoices', () => {
  it('lists number, date, type in words, total in the reader’s digits, paid or not, with view and PDF links (Arabic)', async () => {
    signIn('Ar');
    fakeBff({
      ...dashboardHandlers(),
      'GET /api/billing/invoices': {
        body: { invoices: [summary(invoice()), summary(invoice({ id: 'inv-2', number: '2026-000043', paid: true }))] },
      },
    });
    await renderWithProviders(
      <MemoryRouter>
        <InvoicesTable />
      </MemoryRouter>,
    );
    const rows = await screen.findAllByTestId('invoice');
    expect(rows).toHaveLength(2);
    const first = within(rows[0] as HTMLElement);
    // isolated, with left-to-right marks around the "-" so the year stays first (bidi-order.test.ts in core)
    expect(rows[0]?.querySelector('bdi')?.textContent).toBe('\u2066٢٠٢٦\u200e-\u200e٠٠٠٠٤٢\u2069');
    expect(first.getByText('غرفة جديدة، شهري')).toBeTruthy();
    expect(rows[0]?.textContent).toContain('١٬١٤٠٫٠٠');
    expect(first.getByText('غير مدفوعة')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('مدفوعة')).toBeTruthy();
    expect(first.getByRole('link', { name: /عرض/ }).getAttribute('href')).toBe('/dashbord/billing/invoices/inv-1');
    expect(first.getByRole('link', { name: /PDF/ }).getAttribute('href')).toBe(
      '/api/billing/invoices/inv-1/pdf?lang=ar',
    );
  });

  it('shows one card per invoice on a phone (≤ 590 px)', async () => {
    signIn('En');
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query.includes('590'),
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
          addListener: () => {},
          removeListener: () => {},
        }) as unknown as MediaQueryList,
    );
    fakeBff({ ...dashboardHandlers(), 'GET /api/billing/invoices': { body: { invoices: [summary(invoice())] } } });
    await renderWithProviders(
      <MemoryRouter>
        <InvoicesTable />
      </MemoryRouter>,
    );
    const card = await screen.findByTestId('invoice');
    expect(card.tagName).toBe('LI');
    expect(screen.queryByRole('table')).toBeNull();
    expect(card.textContent).toContain('EGP');
    expect(card.textContent).toContain('1,140.00');
  });

  it('the printable page: the invoice in English, Print and the PDF in the same language', async () => {
    signIn('En');
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const { calls } = fakeBff({ ...dashboardHandlers(), 'GET /api/billing/invoices/inv-1': { body: invoice() } });
    await renderApp('/dashbord/billing/invoices/inv-1');
    const doc = await screen.findByTestId('invoice-document');
    expect(calls.some((c) => c.path === '/api/billing/invoices/inv-1')).toBe(true);
    expect(within(doc).getByText('\u20662026-000042\u2069')).toBeTruthy();
    expect(within(doc).getByText('New room, Monthly')).toBeTruthy();
    expect(within(doc).getByText('Discount (coupon WELCOME20)')).toBeTruthy();
    expect(within(doc).getByText('Tax (14%)')).toBeTruthy();
    expect(within(doc).getByTestId('invoice-total').textContent).toMatch(/^EGP\s1,140\.00$/);
    expect(doc.textContent).toContain('Nile Training');
    expect(doc.textContent).toContain('000-000-000');
    expect(screen.getByRole('link', { name: 'Download PDF' }).getAttribute('href')).toBe(
      '/api/billing/invoices/inv-1/pdf?lang=en',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
    expect(document.documentElement.dir).toBe('ltr');
  });

  it('the printable page in Arabic: right to left, Arabic-Indic digits', async () => {
    signIn('Ar');
    fakeBff({ ...dashboardHandlers(), 'GET /api/billing/invoices/inv-1': { body: invoice({ paid: true }) } });
    await renderApp('/dashbord/billing/invoices/inv-1');
    const doc = await screen.findByTestId('invoice-document');
    expect(document.documentElement.dir).toBe('rtl');
    expect(within(doc).getByText('\u2066٢٠٢٦\u200e-\u200e٠٠٠٠٤٢\u2069')).toBeTruthy();
    expect(within(doc).getByText('فاتورة')).toBeTruthy();
    expect(within(doc).getByText('مدفوعة')).toBeTruthy();
    expect(within(doc).getByTestId('invoice-total').textContent).toContain('١٬١٤٠٫٠٠');
    expect(screen.getByRole('link', { name: 'تنزيل PDF' }).getAttribute('href')).toBe(
      '/api/billing/invoices/inv-1/pdf?lang=ar',
    );
  });
});
