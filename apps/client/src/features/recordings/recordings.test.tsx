import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dashboardHandlers, demoUser, type FakeResponse, fakeBff, renderApp } from '../../test/harness.tsx';
import { roomView } from '../rooms/rooms.fixtures.ts';
import type { Recording } from './api.ts';

const id1 = '5d0c0a2b-0000-4000-8000-000000000001';
const id2 = '5d0c0a2b-0000-4000-8000-000000000002';
const VIDEO = 'https://bbb.example.test/playback/video/rec/video-0.m4v';
const PAGE = 'https://bbb.example.test/playback/presentation/2.3/rec';

const base: Omit<Recording, 'id' | 'name'> = {
  provider: 'bbb',
  meeting: { id: 'm-1', name: 'مراجعة أسبوعية', number: '123456' },
  room: { id: 'r-1', name: 'القاعة الكبرى' },
  startTime: '2026-11-20T09:00:00.000Z',
  durationSeconds: 5400,
  sizeBytes: 86_507_520,
  participants: 12,
  downloads: 3,
  published: true,
  formats: ['presentation', 'video'],
  canManage: true,
  canDownload: true,
};
/** A Jitsi room as GET /api/rooms lists it: Jitsi keeps no recordings of its own here. */
const jitsiRoom = roomView({
  id: 'r-2',
  name: 'Jitsi room',
  type: 'jitsi',
  participants: 10,
  storageBytes: 0,
  createdAt: '2026-11-01T10:00:00.000Z',
});
const recordings: Recording[] = [
  { ...base, id: id1, name: 'محاضرة التسويق' },
  { ...base, id: id2, name: 'Workshop', published: false, canDownload: false, formats: ['presentation'] },
];

async function open(path: string, lang: 'Ar' | 'En', extra: Record<string, FakeResponse> = {}, signedIn = true) {
  localStorage.setItem('MajlisLang', lang);
  if (signedIn) localStorage.setItem('user', JSON.stringify(demoUser));
  else localStorage.removeItem('user');
  const bff = fakeBff({
    ...dashboardHandlers(),
    'GET /api/rooms': { body: { rooms: [] } },
    'GET /api/recordings': { body: { recordings, total: 2, page: 1, pageSize: 20 } },
    ...extra,
  });
  await renderApp(path);
  return bff;
}

describe('recordings page', () => {
  it('lists recordings in Arabic with their facts, a published badge for managers and the actions', async () => {
    const { fetchMock } = await open('/dashbord/recordings', 'Ar');
    const rows = await screen.findAllByTestId('recording-row');
    expect(rows).toHaveLength(2);
    const [first, second] = rows as [HTMLElement, HTMLElement];
    expect(within(first).getByTestId('recording-downloads').textContent).toBe('٣');
    expect(within(first).getByTestId('recording-play').getAttribute('href')).toBe(`/recording/${id1}`);
    expect(within(first).getByTestId('recording-published').textContent).toBe('منشور');
    expect(within(second).getByTestId('recording-unpublished').textContent).toBe('غير منشور');
    // Download only where the server allows it.
    expect(within(first).queryByTestId('recording-row-download')).not.toBeNull();
    expect(within(second).queryByTestId('recording-row-download')).toBeNull();
    expect(screen.getByTestId('recordings-total').textContent).toBe('تسجيلان');
    expect(screen.queryByTestId('recordings-jitsi-note')).toBeNull();
    fireEvent.change(screen.getByLabelText('البحث في التسجيلات'), { target: { value: 'تسويق' } });
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => decodeURIComponent(String(url)).includes('q=تسويق'))).toBe(true),
    );
  });

  it('tells the truth when there are none, and notes that Jitsi keeps its own recordings', async () => {
    await open('/dashbord/recordings', 'En', {
      'GET /api/recordings': { body: { recordings: [], total: 0, page: 1, pageSize: 20 } },
      'GET /api/rooms': { body: { rooms: [jitsiRoom] } },
    });
    expect(await screen.findByText('No recordings yet')).toBeTruthy();
    expect((await screen.findByTestId('recordings-jitsi-note')).textContent).toMatch(/kept by Jitsi/);
  });

  it('refuses an empty name in the rename dialog without sending it', async () => {
    const { calls } = await open('/dashbord/recordings', 'En');
    const [first] = await screen.findAllByTestId('recording-row');
    fireEvent.click(within(first as HTMLElement).getByTestId('recording-actions'));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    const form = await screen.findByTestId('recording-rename-form');
    fireEvent.change(within(form).getByLabelText(/Recording name/), { target: { value: '   ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Enter the recording name')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });
});

describe('recording play page', () => {
  const view = (over: Partial<Recording> = {}) => ({
    recording: { ...base, id: id1, name: 'محاضرة التسويق', canManage: false, ...over },
    playback:
      over.formats?.includes('video') === false ? { type: 'presentation', url: PAGE } : { type: 'video', url: VIDEO },
    shareUrl: null,
    timeZone: null,
  });

  it('plays the video, downloads it through the count, signed out with the share link', async () => {
    const { calls } = await open(
      `/recording/${id1}?t=${'a'.repeat(32)}`,
      'Ar',
      {
        [`GET /api/recordings/${id1}`]: { body: view() },
        [`POST /api/recordings/${id1}/downloads`]: { body: { url: VIDEO, downloads: 4 } },
      },
      false,
    );
    const player = await screen.findByTestId('recording-player');
    expect(player.tagName).toBe('VIDEO');
    expect(player.getAttribute('src')).toBe(VIDEO);
    expect(screen.getByTestId('recording-downloads').textContent).toBe('٣');
    fireEvent.click(screen.getByTestId('recording-download'));
    await waitFor(() => expect(screen.getByTestId('recording-downloads').textContent).toBe('٤'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ t: 'a'.repeat(32) });
  });

  it('frames the presentation playback with a title, and has no Download when not allowed', async () => {
    await open(`/recording/${id1}`, 'En', {
      [`GET /api/recordings/${id1}`]: { body: view({ formats: ['presentation'], canDownload: false }) },
    });
    const player = await screen.findByTestId('recording-player');
    expect(player.tagName).toBe('IFRAME');
    expect(player.getAttribute('title')).toBe('Recording playback: محاضرة التسويق');
    expect(screen.queryByTestId('recording-download')).toBeNull();
  });

  it('says "This recording does not exist" (the server’s words) on 404', async () => {
    await open(
      `/recording/${id2}`,
      'Ar',
      {
        [`GET /api/recordings/${id2}`]: {
          status: 404,
          body: {
            code: 'RECORDING_NOT_FOUND',
            errorMessage: { ar: 'هذا التسجيل غير موجود', en: 'This recording does not exist' },
          },
        },
      },
      false,
    );
    expect((await screen.findByTestId('recording-missing')).textContent).toBe('هذا التسجيل غير موجود');
    expect(screen.queryByTestId('recording-player')).toBeNull();
  });
});
