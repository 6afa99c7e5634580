import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setReaderPrefs } from '../../lib/format.ts';
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

/** Issue 26: one separator no reader takes for a zero, one digit style, and the Hijri date when the profile asks. */
describe('meeting card typography', () => {
  afterEach(() => setReaderPrefs({ digits: null, hijri: false }));
  const scheduled = (): Meeting =>
    ({
      ...meeting(false),
      type: 'scheduled',
      startsAt: '2026-02-18T08:00:00.000Z',
      nextOccurrence: { startsAt: '2026-02-18T08:00:00.000Z' },
      recurrenceDays: [0, 1, 2, 3, 4],
      occurrenceCount: 20,
      lastStartsAt: '2026-03-18T08:00:00.000Z',
    }) as unknown as Meeting;
  const ARAB = /[\u0660-\u0669]/;
  const LATN = /[0-9]/;

  it('joins the line with no dot, and shows the Hijri date beside the next day only when asked', async () => {
    const { container } = await renderWithProviders(
      <MeetingCard meeting={scheduled()} timeZone="Asia/Riyadh" busy={false} onAction={() => {}} icsUrl="" />,
    );
    const text = container.textContent ?? '';
    expect(text).not.toMatch(/·/);
    expect(text).not.toMatch(/[.][\s\u2066-\u2069]*[\u0660-\u0669]|[\u0660-\u0669][\s\u2066-\u2069]*[.]/);
    expect(text).not.toContain('رمضان');
    expect(text).toContain('الرقم ١٢٣٤٥٦٧٨٩ — الغرفة');
  });

  it('with the Hijri choice: "١ رمضان ١٤٤٧ هـ" beside 18 February 2026; with Latin digits, Latin everywhere', async () => {
    setReaderPrefs({ hijri: true });
    const first = await renderWithProviders(
      <MeetingCard meeting={scheduled()} timeZone="Asia/Riyadh" busy={false} onAction={() => {}} icsUrl="" />,
    );
    expect(first.container.textContent).toContain('(١ رمضان ١٤٤٧ هـ)');
    first.unmount();
    setReaderPrefs({ digits: 'latn', hijri: true });
    const { container } = await renderWithProviders(
      <MeetingCard meeting={scheduled()} timeZone="Asia/Riyadh" busy={false} onAction={() => {}} icsUrl="" />,
    );
    const text = container.textContent ?? '';
    expect(text).toContain('(1 رمضان 1447 هـ)');
    expect(ARAB.test(text) && LATN.test(text)).toBe(false);
  });
});
