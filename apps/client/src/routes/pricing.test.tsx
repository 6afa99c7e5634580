import type { PriceList } from '@majlis/contracts/billing';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../features/billing/labels.ts';
import { formatNumber } from '../lib/format.ts';
import { apiError, fakeBff, renderApp } from '../test/harness.tsx';

const TIERS = [10, 25];
const MONTHLY = { jitsi: 15_000, bbb: 19_500, zoom: 24_000 } as const;

/** A small list of the GET /api/billing/prices shape: USD is the pound price over 40, to tell them apart. */
function priceList(): PriceList {
  const rooms: PriceList['rooms'] = [];
  for (const [roomType, base] of Object.entries(MONTHLY) as [keyof typeof MONTHLY, number][])
    TIERS.forEach((participants, i) => {
      const monthly = base * (i + 1);
      for (const [period, amount] of [
        ['daily', Math.round(monthly * 0.35)],
        ['monthly', monthly],
        ['annual', monthly * 10],
      ] as const) {
        rooms.push({ roomType, participants, period, currency: 'EGP', amountMinor: amount });
        rooms.push({ roomType, participants, period, currency: 'USD', amountMinor: Math.round(amount / 40) });
      }
    });
  return {
    rooms,
    enterprise: [
      { currency: 'EGP', amountMinor: 62_500 },
      { currency: 'USD', amountMinor: 1250 },
    ],
    transfer: [
      { currency: 'EGP', amountMinor: 10_000, waived: true },
      { currency: 'USD', amountMinor: 200, waived: true },
    ],
    taxPercent: 14,
    annualSavingPercent: 16,
    tiers: TIERS,
  };
}

const rowOf = (table: HTMLElement, n: number) => within(table).getAllByRole('row')[n] as HTMLElement;

describe('pricing page', () => {
  it('shows the real prices in Arabic, in pounds first, with the table, VAT, the enterprise renewal and the free move', async () => {
    const { calls } = fakeBff({ 'GET /api/billing/prices': { body: priceList() } });
    await renderApp('/home/pricing');
    const table = await screen.findByTestId('pricing-table');
    // Header, then one row per tier: 7 days, monthly, annual in Arabic digits.
    expect(rowOf(table, 1).textContent).toBe(
      `حتى ١٠ مشاركين${formatMoney('ar', 5250, 'EGP')}${formatMoney('ar', 15_000, 'EGP')}${formatMoney('ar', 150_000, 'EGP')}`,
    );
    expect(rowOf(table, 2).textContent).toContain(formatMoney('ar', 30_000, 'EGP'));
    expect(formatMoney('ar', 15_000, 'EGP')).toMatch(/١٥٠/);
    const pct = (n: number) => formatNumber('ar', n / 100, { style: 'percent' });
    expect(pct(14)).toMatch(/^١٤٪/);
    expect(screen.getByTestId('pricing-tax').textContent).toContain(`+${pct(14)}`);
    expect(screen.getByText(`وفّر ${pct(16)}`)).toBeTruthy();
    expect(screen.getByTestId('pricing-enterprise').textContent).toBe(`${formatMoney('ar', 62_500, 'EGP')} شهريًا`);
    const transfer = screen.getByTestId('pricing-transfer');
    expect(transfer.querySelector('s')?.textContent).toBe(formatMoney('ar', 10_000, 'EGP'));
    expect(within(transfer).getByText('مجانًا')).toBeTruthy();
    // The old promise of prices "at checkout when billing opens" is gone.
    expect(document.body.textContent).not.toMatch(/عند فتح|when billing opens/);
    // A visitor is offered the trial.
    expect(screen.getByRole('link', { name: 'ابدأ تجربتك المجانية' }).getAttribute('href')).toBe('/register');
    expect(calls.filter((c) => c.path === '/api/billing/prices')).toHaveLength(1);

    // Dollars, then Zoom: the same table, other prices, without asking the server again.
    fireEvent.click(screen.getByText('دولار أمريكي'));
    expect(rowOf(table, 1).textContent).toContain(formatMoney('ar', 375, 'USD'));
    expect(screen.getByTestId('pricing-transfer').querySelector('s')?.textContent).toBe(formatMoney('ar', 200, 'USD'));
    fireEvent.click(screen.getByText('Zoom'));
    expect(rowOf(table, 2).textContent).toContain(formatMoney('ar', 12_000, 'USD'));
    expect(screen.getByRole('heading', { name: 'غرف Zoom حسب عدد المشاركين' })).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/billing/prices')).toHaveLength(1);
  });

  it('in English starts in dollars, with Latin digits', async () => {
    localStorage.setItem('MajlisLang', 'En');
    fakeBff({ 'GET /api/billing/prices': { body: priceList() } });
    await renderApp('/home/pricing');
    const table = await screen.findByTestId('pricing-table');
    const usd = (minor: number) => formatMoney('en', minor, 'USD');
    expect(usd(3750)).toMatch(/^US\$37\.50$/);
    expect(rowOf(table, 1).textContent).toBe(`Up to 10 participants${usd(131)}${usd(375)}${usd(3750)}`);
    expect(screen.getByText('Save 16%')).toBeTruthy();
    expect(screen.getByTestId('pricing-tax').textContent).toContain('+14% VAT');
    expect(screen.getByTestId('pricing-enterprise').textContent).toBe(`${usd(1250)} a month`);
  });

  it('says so when the prices cannot be loaded', async () => {
    fakeBff({ 'GET /api/billing/prices': apiError(503, 'SERVICE_UNAVAILABLE') });
    await renderApp('/home/pricing');
    expect((await screen.findByRole('alert')).textContent).toBeTruthy();
    expect(screen.queryByTestId('pricing-table')).toBeNull();
  });
});
