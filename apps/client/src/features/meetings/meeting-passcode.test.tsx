import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setReaderPrefs } from '../../lib/format.ts';
import { fakeBff, renderWithProviders } from '../../test/harness.tsx';
import type { Meeting } from './api.ts';
import { MeetingPasscode } from './MeetingPasscode.tsx';

const ID = '00000000-0000-4000-8000-000000000002';
const base = { id: ID, name: 'اجتماع الفريق', status: 'available' as const };
/** The meeting view the passcode routes answer (only the passcode matters to the card here). */
const view = (passcode: string | null) =>
  ({
    id: ID,
    number: '123456789',
    name: 'اجتماع الفريق',
    description: '',
    type: 'permanent',
    room: { id: '00000000-0000-4000-8000-000000000003', name: 'القاعة', type: 'bbb' },
    owner: { id: '00000000-0000-4000-8000-000000000001', fname: 'ليلى', lname: 'حسن' },
    day: null,
    hour: null,
    timeZone: 'Africa/Cairo',
    startsAt: null,
    durationHours: 1,
    durationMinutes: 0,
    recurrenceDays: [],
    repeatDays: 1,
    repeatUntil: null,
    occurrenceCount: 0,
    lastStartsAt: null,
    assistants: [],
    favourite: false,
    allowBeforeOwner: false,
    autoRecord: false,
    allowStopRecording: true,
    allowDownload: false,
    notifyEnterExit: false,
    waitingRoom: false,
    status: 'available',
    active: true,
    joinUrl: 'http://localhost/join/123456789',
    passcode,
    nextOccurrence: null,
    isOwner: true,
    isAssistant: false,
    actions: [],
    createdAt: '2026-11-01T10:00:00.000Z',
  }) as Meeting;

describe('meeting passcode on the card (issue 30)', () => {
  it("shows it in the reader's digits, and asks for a new one or none", async () => {
    const { calls } = fakeBff({
      'GET /api/csrf-token': { body: { getCsrfToken: 't' } },
      [`POST /api/meetings/${ID}/passcode`]: { body: view('654321') },
      [`DELETE /api/meetings/${ID}/passcode`]: { body: view(null) },
    });
    await renderWithProviders(<MeetingPasscode meeting={{ ...base, passcode: '012345' }} />);
    expect(screen.getByTestId('meeting-passcode-value').textContent).toBe('٠١٢٣٤٥');
    expect(screen.getByRole('button', { name: 'نسخ رمز مرور اجتماع الفريق' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'رمز مرور جديد' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/passcode'))).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'إلغاء' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path.endsWith('/passcode'))).toBe(true));
  });

  it('in Latin digits for a reader who chose them; turned off, it offers to add one', async () => {
    setReaderPrefs({ digits: 'latn' });
    try {
      const { unmount } = await renderWithProviders(<MeetingPasscode meeting={{ ...base, passcode: '012345' }} />);
      expect(screen.getByTestId('meeting-passcode-value').textContent).toBe('012345');
      unmount();
    } finally {
      setReaderPrefs({ digits: null });
    }
    await renderWithProviders(<MeetingPasscode meeting={{ ...base, passcode: null }} />);
    expect(screen.getByText('بلا رمز مرور: يكفي الرقم للانضمام')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'إضافة رمز مرور' })).toBeTruthy();
  });
});
