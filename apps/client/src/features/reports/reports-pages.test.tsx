import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dashboardHandlers, demoUser, type FakeResponse, fakeBff, renderApp } from '../../test/harness.tsx';
import type { MeetingAttendance, MeetingsReport, RoomsReport, UsersReport } from './api.ts';

const MEETING_ID = '0c1f4a2b-0000-4000-8000-0000000000aa';
const period = { from: '2026-10-27', to: '2026-11-25', timeZone: 'Africa/Cairo' };
const room = { id: 'room-1', name: 'قاعة المحاضرات' };

const meetings: MeetingsReport = {
  period,
  meetings: [
    {
      id: MEETING_ID,
      name: 'ورشة تصميم الهوية البصرية',
      number: '4221605775',
      room,
      sessions: 2,
      firstJoinAt: '2026-11-20T11:00:00.000Z',
      lastLeaveAt: '2026-11-20T12:00:00.000Z',
      attendees: 3,
      peak: 3,
      totalMinutes: 125,
      averageMinutes: 42,
    },
  ],
  total: 1,
  page: 1,
  pageSize: 20,
  totals: { meetings: 1, sessions: 2, attendees: 3, minutes: 125 },
};

const attendance: MeetingAttendance = {
  period,
  meeting: { id: MEETING_ID, name: meetings.meetings[0]?.name ?? '', number: '4221605775', room },
  attendance: [
    {
      name: 'ليلى حسن',
      userId: 'u-1',
      role: 'moderator',
      joinedAt: '2026-11-20T11:00:00.000Z',
      leftAt: '2026-11-20T12:00:00.000Z',
      minutes: 60,
    },
    {
      name: 'John Carter',
      userId: null,
      role: 'attendee',
      joinedAt: '2026-11-20T11:04:00.000Z',
      leftAt: '2026-11-20T11:25:00.000Z',
      minutes: 21,
    },
    {
      name: 'John Carter',
      userId: null,
      role: 'attendee',
      joinedAt: '2026-11-20T11:29:00.000Z',
      leftAt: '2026-11-20T12:00:00.000Z',
      minutes: 31,
    },
  ],
  attendees: 2,
  peak: 2,
  totalMinutes: 112,
};

const trend = [
  { start: '2026-11-19', sessions: 0, minutes: 0 },
  { start: '2026-11-20', sessions: 2, minutes: 125 },
];
const rooms: RoomsReport = {
  period,
  bucket: 'day',
  rooms: [
    {
      ...room,
      type: 'bbb',
      meetings: 2,
      hours: 2.5,
      participants: 3,
      storageUsedBytes: 2 * 1024 ** 3,
      storageTotalBytes: 10 * 1024 ** 3,
      trend,
    },
  ],
  trend,
};
const users: UsersReport = {
  period,
  users: [{ id: 'u-1', fname: 'ليلى', lname: 'حسن', role: 'admin', hosted: 1, attended: 2, minutes: 60 }],
};

async function open(
  lang: 'Ar' | 'En',
  path: string,
  { showReports = true, overrides = {} }: { showReports?: boolean; overrides?: Record<string, FakeResponse> } = {},
) {
  localStorage.setItem('MajlisLang', lang);
  localStorage.setItem('user', JSON.stringify(demoUser));
  const base = dashboardHandlers();
  const bff = fakeBff({
    ...base,
    'GET /api/user/permission': { body: { ...base['GET /api/user/permission'].body, showReports } },
    'GET /api/account/type': { body: { type: 'inst', accountType: 'owner' } },
    'GET /api/reports/meetings': { body: meetings },
    [`GET /api/reports/meetings/${MEETING_ID}/attendance`]: { body: attendance },
    'GET /api/reports/rooms': { body: rooms },
    'GET /api/reports/users': { body: users },
    ...overrides,
  });
  await renderApp(path);
  return bff;
}

describe('meeting report page', () => {
  it('shows the totals and meetings in Arabic; a row opens its attendees, each stay with its minutes', async () => {
    await open('Ar', '/dashbord/reports/meetings_reports?from=2026-10-27&to=2026-11-25');
    const row = await screen.findByTestId('report-meeting-row');
    expect(document.documentElement.dir).toBe('rtl');
    expect(row.textContent).toContain('ورشة تصميم الهوية البصرية');
    expect(row.textContent).toContain('١٢٥');
    expect(screen.getByTestId('report-total-minutes').textContent).toContain('١٢٥');
    const csv = screen.getByTestId('report-export-csv') as HTMLAnchorElement;
    expect(csv.hasAttribute('download')).toBe(true);
    expect(csv.getAttribute('href')).toBe('/api/reports/meetings/export?format=csv&from=2026-10-27&to=2026-11-25');
    expect(screen.getByTestId('report-export-xlsx').getAttribute('href')).toContain('format=xlsx');

    fireEvent.click(row);
    const stays = await screen.findAllByTestId('report-attendee-row');
    expect(stays).toHaveLength(3);
    expect(stays[0]?.textContent).toContain('ليلى حسن');
    expect(stays[0]?.textContent).toContain('٦٠');
    expect(stays[1]?.textContent).toContain('٢١');
    expect(stays[1]?.textContent).toContain('ضيف');
    expect(screen.getByTestId('report-attendance-export-csv').getAttribute('href')).toBe(
      `/api/reports/meetings/${MEETING_ID}/attendance/export?format=csv&from=2026-10-27&to=2026-11-25`,
    );
  });

  it('searches by what is typed, and the export follows the search', async () => {
    const { fetchMock } = await open('En', '/dashbord/reports/meetings_reports');
    await screen.findByTestId('report-meeting-row');
    fireEvent.change(screen.getByLabelText('Search meetings'), { target: { value: 'ورشة' } });
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => decodeURIComponent(String(url)).includes('q=ورشة'))).toBe(true),
    );
    await waitFor(() => expect(screen.getByTestId('report-export-csv').getAttribute('href')).toContain('q='));
  });

  it('pages through a long period, 20 meetings a page', async () => {
    const { fetchMock } = await open('En', '/dashbord/reports/meetings_reports', {
      overrides: { 'GET /api/reports/meetings': { body: { ...meetings, total: 45 } } },
    });
    await screen.findByTestId('report-meeting-row');
    fireEvent.click(screen.getByRole('button', { name: '3' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).includes('page=3'))).toBe(true));
    expect(screen.queryByRole('button', { name: '4' })).toBeNull();
  });

  it('says so when nothing was held in the period, without an empty chart', async () => {
    await open('En', '/dashbord/reports/meetings_reports?from=2025-01-01&to=2025-01-31', {
      overrides: {
        'GET /api/reports/meetings': {
          body: { ...meetings, meetings: [], total: 0, totals: { meetings: 0, sessions: 0, attendees: 0, minutes: 0 } },
        },
        'GET /api/reports/rooms': { body: { ...rooms, trend: [{ start: '2025-01-01', sessions: 0, minutes: 0 }] } },
      },
    });
    expect(await screen.findByText('No meetings were held in this period')).toBeTruthy();
    expect(screen.queryByTestId('report-meeting-row')).toBeNull();
    expect(screen.queryByTestId('report-meetings-trend')).toBeNull();
  });

  it('shows the server refusal of a period in the reader language, with no figures', async () => {
    const refusal = { ar: 'اختر فترة لا تزيد على سنة', en: 'Choose a period of at most one year' };
    await open('Ar', '/dashbord/reports/meetings_reports?from=2020-01-01&to=2026-01-31', {
      overrides: {
        'GET /api/reports/meetings': { status: 400, body: { code: 'REPORT_RANGE', errorMessage: refusal } },
        'GET /api/reports/rooms': { status: 400, body: { code: 'REPORT_RANGE', errorMessage: refusal } },
      },
    });
    expect((await screen.findByRole('alert')).textContent).toBe(refusal.ar);
    expect(screen.queryByTestId('report-totals')).toBeNull();
    expect(screen.queryByTestId('report-export-csv')).toBeNull();
  });

  it('is closed to a reader without the reports permission', async () => {
    const { calls } = await open('En', '/dashbord/reports/meetings_reports', { showReports: false });
    expect(await screen.findByText("You don't have permission")).toBeTruthy();
    expect(calls.some((c) => c.path.startsWith('/api/reports'))).toBe(false);
  });
});

describe('room report page', () => {
  it('lists rooms with their storage and the users with their figures, with both exports', async () => {
    await open('En', '/dashbord/roomReports');
    const roomRow = await screen.findByTestId('room-report-row');
    expect(roomRow.textContent).toContain('قاعة المحاضرات');
    expect(roomRow.textContent).toContain('BigBlueButton');
    expect(roomRow.textContent).toContain('20%');
    expect(roomRow.textContent).toContain('2.5');
    const userRow = screen.getByTestId('user-report-row');
    expect(within(userRow).getByText('Admin')).toBeTruthy();
    expect(userRow.textContent).toContain('60');
    const hrefs = [...document.querySelectorAll('a[download]')].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual([
      '/api/reports/rooms/export?format=csv',
      '/api/reports/rooms/export?format=xlsx',
      '/api/reports/users/export?format=csv',
      '/api/reports/users/export?format=xlsx',
    ]);
  });
});
