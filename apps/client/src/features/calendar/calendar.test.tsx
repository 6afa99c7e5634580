import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AccountDataProvider, NO_PERMISSION } from '../../state/account.tsx';
import { fakeBff, renderWithProviders } from '../../test/harness.tsx';
import { CalendarView } from './CalendarView.tsx';

/** Issue 16 in the calendar: a tap on a day of a series offers "this day" (time and length, delete) or "all days". */

const account = {
  owner: { display_name: 'x', fname: 'x', lname: 'y', email: 'x@y.z', picture: null },
  permission: { ...NO_PERMISSION, showMeetingRooms: true },
  type: { type: 'inst' as const, accountType: 'owner' as const },
  storage: null,
  billing: null,
  usertrial: null,
  info: null,
};

describe('calendar day dialog (issue 16)', () => {
  it('offers this day (time and length, delete) and all days for a day of a series', async () => {
    const start = new Date(Date.now() + 2 * 3600_000);
    start.setUTCMinutes(0, 0, 0);
    const event = {
      id: '00000000-0000-4000-8000-0000000000e1',
      meetingId: '00000000-0000-4000-8000-0000000000a1',
      number: '123456789',
      title: 'اجتماع التخطيط',
      start: start.toISOString(),
      end: new Date(+start + 3600_000).toISOString(),
      status: 'available',
      roomType: 'jitsi',
      recurring: true,
      edited: false,
      editable: true,
    };
    const { calls } = fakeBff({ 'GET /api/calendar': { body: { events: [event] } } });
    await renderWithProviders(
      <MemoryRouter>
        <AccountDataProvider value={{ ...account, info: { timeZone: 'UTC' } as never }}>
          <CalendarView />
        </AccountDataProvider>
      </MemoryRouter>,
    );
    const shown = await screen.findByText('اجتماع التخطيط', {}, { timeout: 5000 });
    fireEvent.click(shown);
    const scope = await screen.findByTestId('calendar-event-scope');
    expect(within(scope).getByText('هذا اليوم')).toBeTruthy();
    expect(within(scope).getByRole('button', { name: 'موعد هذا اليوم ومدته' })).toBeTruthy();
    expect(within(scope).getByRole('button', { name: 'حذف هذا اليوم' })).toBeTruthy();
    expect(within(scope).getByText('كل الأيام')).toBeTruthy();
    expect(within(scope).getByRole('button', { name: 'تعديل كل الأيام' })).toBeTruthy();
    fireEvent.click(within(scope).getByRole('button', { name: 'موعد هذا اليوم ومدته' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'حفظ هذا اليوم' })).toBeTruthy());
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });
});
