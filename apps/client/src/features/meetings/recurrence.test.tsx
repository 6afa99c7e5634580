import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AccountDataProvider, NO_PERMISSION } from '../../state/account.tsx';
import { apiError, fakeBff, renderWithProviders } from '../../test/harness.tsx';
import type { Room } from '../rooms/api.ts';
import { roomView } from '../rooms/rooms.fixtures.ts';
import type { Meeting } from './api.ts';
import { MeetingCard } from './MeetingCard.tsx';
import { MeetingFormDialog } from './MeetingFormDialog.tsx';

/** Issue 16 in the form: days picked ask for an end (no silent one day), and a live summary counts the meetings. */

const room: Room = roomView();

const account = {
  owner: { display_name: 'x', fname: 'x', lname: 'y', email: 'x@y.z', picture: null },
  permission: { ...NO_PERMISSION, showMeetingRooms: true },
  type: { type: 'inst' as const, accountType: 'owner' as const },
  storage: null,
  billing: null,
  usertrial: null,
  info: null,
};

async function openForm() {
  const bff = fakeBff({ 'GET /api/chat/users': { body: [] } });
  await renderWithProviders(
    <MemoryRouter>
      <AccountDataProvider value={account}>
        <MeetingFormDialog
          opened
          meeting={null}
          rooms={[room]}
          today="2026-11-25"
          timeZone="Africa/Cairo"
          onClose={() => {}}
          onSaved={() => {}}
        />
      </AccountDataProvider>
    </MemoryRouter>,
  );
  fireEvent.change(await screen.findByLabelText(/^اسم الاجتماع/), { target: { value: 'اجتماع الأسبوع' } });
  fireEvent.change(screen.getByLabelText(/^اليوم/), { target: { value: '2026-11-29' } });
  fireEvent.change(screen.getByLabelText(/^الساعة/), { target: { value: '10:00' } });
  return bff;
}

const pickSundayToThursday = () => {
  const days = screen.getByTestId('recurrence-days');
  for (const name of ['الأحد', 'الاثنين', 'الثلاثاء', 'الأربعاء', 'الخميس'])
    fireEvent.click(within(days).getByLabelText(name));
};

describe('recurring meetings in the form (issue 16, Arabic)', () => {
  it('asks for an end once days are picked, and refuses to send without one', async () => {
    const { calls } = await openForm();
    expect(screen.queryByTestId('repeat-end')).toBeNull();
    pickSundayToThursday();
    const end = await screen.findByTestId('repeat-end');
    expect(within(end).getByText('بعد عدد من الاجتماعات')).toBeTruthy();
    expect(within(end).getByText('في يوم محدد')).toBeTruthy();
    // neither chosen: no count field, no summary, and the server's own message on submit
    expect(screen.queryByLabelText('عدد الاجتماعات')).toBeNull();
    expect(screen.queryByTestId('recurrence-summary')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'إنشاء الاجتماع' }));
    expect(await screen.findByText('اختر كيف ينتهي التكرار: في تاريخ محدد أو بعد عدد من الاجتماعات')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('summarises a count: every Sunday to Thursday, 20 meetings, until 24 December', async () => {
    const { calls } = await openForm();
    pickSundayToThursday();
    fireEvent.click(await screen.findByText('بعد عدد من الاجتماعات'));
    fireEvent.change(await screen.findByLabelText('عدد الاجتماعات'), { target: { value: '20' } });
    await waitFor(() =>
      expect(screen.getByTestId('recurrence-summary').textContent).toBe(
        'كل الأحد إلى الخميس، ٢٠ اجتماعًا، حتى ٢٤ ديسمبر',
      ),
    );
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('summarises a last day with the days it gives, and sends repeatUntil, not a count', async () => {
    const { calls } = fakeBff({
      'GET /api/chat/users': { body: [] },
      'POST /api/meetings': apiError(400, 'VALIDATION_FAILED'),
    });
    await renderWithProviders(
      <MemoryRouter>
        <AccountDataProvider value={account}>
          <MeetingFormDialog
            opened
            meeting={null}
            rooms={[room]}
            today="2026-11-25"
            timeZone="Africa/Cairo"
            onClose={() => {}}
            onSaved={() => {}}
          />
        </AccountDataProvider>
      </MemoryRouter>,
    );
    fireEvent.change(await screen.findByLabelText(/^اسم الاجتماع/), { target: { value: 'اجتماع الأسبوع' } });
    fireEvent.change(screen.getByLabelText(/^اليوم/), { target: { value: '2026-11-29' } });
    fireEvent.change(screen.getByLabelText(/^الساعة/), { target: { value: '10:00' } });
    pickSundayToThursday();
    fireEvent.click(await screen.findByText('في يوم محدد'));
    fireEvent.change(await screen.findByLabelText('آخر يوم'), { target: { value: '2026-12-03' } });
    await waitFor(() =>
      expect(screen.getByTestId('recurrence-summary').textContent).toBe(
        'كل الأحد إلى الخميس، ٥ اجتماعات، حتى ٣ ديسمبر',
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'إنشاء الاجتماع' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    const sent = calls.find((c) => c.method === 'POST')?.body as Record<string, unknown>;
    expect(sent).toMatchObject({ recurrenceDays: [0, 1, 2, 3, 4], repeatUntil: '2026-12-03' });
    expect(sent).not.toHaveProperty('repeatDays');
  });
});

describe('a series on the card (issue 16)', () => {
  const series = {
    ...({} as Meeting),
    id: '00000000-0000-4000-8000-000000000002',
    number: '123456789',
    name: 'اجتماع الفريق',
    description: '',
    type: 'scheduled',
    room: { id: room.id, name: room.name, type: 'bbb' },
    timeZone: 'Africa/Cairo',
    startsAt: '2026-11-29T08:00:00.000Z',
    recurrenceDays: [0, 1, 2, 3, 4],
    repeatDays: 20,
    occurrenceCount: 20,
    lastStartsAt: '2026-12-24T08:00:00.000Z',
    favourite: false,
    status: 'available',
    active: true,
    nextOccurrence: null,
    isOwner: true,
    isAssistant: false,
    actions: ['start', 'edit', 'deactivate', 'delete'],
  } as Meeting;

  it('says its weekdays, its real number of meetings and its last day, and offers its days', async () => {
    const actions: string[] = [];
    await renderWithProviders(
      <MeetingCard meeting={series} timeZone="Africa/Cairo" busy={false} onAction={(a) => actions.push(a)} icsUrl="" />,
    );
    expect(screen.getByTestId('meeting-series').textContent).toBe('الأحد إلى الخميس — ٢٠ اجتماعًا — حتى ٢٤ ديسمبر');
    fireEvent.click(screen.getByRole('button', { name: 'الأيام…' }));
    expect(actions).toEqual(['days']);
  });

  it('counts the days left after one is deleted, with the plural of its number (Arabic "two")', async () => {
    await renderWithProviders(
      <MeetingCard
        meeting={{ ...series, occurrenceCount: 2, lastStartsAt: '2026-11-30T08:00:00.000Z' }}
        timeZone="Africa/Cairo"
        busy={false}
        onAction={() => {}}
        icsUrl=""
      />,
    );
    expect(screen.getByTestId('meeting-series').textContent).toBe('الأحد إلى الخميس — اجتماعان — حتى ٣٠ نوفمبر');
  });
});
