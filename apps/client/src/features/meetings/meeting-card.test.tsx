import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/harness.tsx';
import type { Meeting } from './api.ts';
import { MeetingCard } from './MeetingCard.tsx';

/** A permanent meeting as GET /api/meetings answers it (only what the card reads matters here). */
function meeting(favourite: boolean): Meeting {
  const person = { id: '00000000-0000-4000-8000-000000000001', name: 'ليلى حسن', picture: null };
  return {
    id: '00000000-0000-4000-8000-000000000002',
    number: '123456789',
    name: 'اجتماع الفريق',
    description: '',
    type: 'permanent',
    room: { id: '00000000-0000-4000-8000-000000000003', name: 'القاعة', type: 'bbb' },
    owner: person,
    day: null,
    hour: null,
    timeZone: 'Africa/Cairo',
    startsAt: null,
    durationHours: 1,
    durationMinutes: 0,
    recurrenceDays: [],
    repeatDays: 1,
    occurrenceCount: 0,
    lastStartsAt: null,
    assistants: [],
    favourite,
    status: 'available',
    active: true,
    joinUrl: '/join/123456789',
    nextOccurrence: null,
    isOwner: true,
    isAssistant: false,
    actions: [],
    createdAt: '2026-11-01T10:00:00.000Z',
  } as unknown as Meeting;
}

describe('meeting card', () => {
  it.each([
    [false, 'none', 'false'],
    [true, 'currentColor', 'true'],
  ])('draws the star filled only for a favourite (favourite %s)', async (favourite, fill, pressed) => {
    await renderWithProviders(
      <MeetingCard meeting={meeting(favourite)} timeZone="Africa/Cairo" busy={false} onAction={() => {}} icsUrl="" />,
    );
    expect(screen.getByTestId('favourite-star').getAttribute('fill')).toBe(fill);
    expect(screen.getByRole('button', { name: /اجتماع الفريق/ }).getAttribute('aria-pressed')).toBe(pressed);
  });

  it('labels a running meeting as in progress, not as the next one (issue 26: "القادم:")', async () => {
    const running = {
      ...meeting(false),
      type: 'scheduled',
      status: 'running',
      startsAt: '2026-11-27T09:00:00.000Z',
    } as unknown as Meeting;
    await renderWithProviders(
      <MeetingCard meeting={running} timeZone="Africa/Cairo" busy={false} onAction={() => {}} icsUrl="" />,
    );
    expect(screen.queryByText(/القادم/)).toBeNull();
    expect(screen.getByText(/^جارٍ الآن \(موعده /)).toBeTruthy();
  });
});
