import { zoneName } from '@majlis/i18n';
import { type JoinEvent, joinMachine } from '@majlis/machines';
import { createModel, getTransitionPaths, recordWalk } from '@majlis/machines/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setReaderPrefs } from '../../lib/format.ts';
import { hardNavigation } from '../../lib/navigation.ts';
import { apiError, demoUser, type FakeResponse, fakeBff, renderWithProviders } from '../../test/harness.tsx';
import { JoinFlow, joinLogic } from './JoinFlow.tsx';

const meeting = {
  number: '482913',
  name: 'مجلس الإدارة',
  status: 'available',
  startsAt: null,
  provider: 'bbb',
  timeZone: 'Africa/Cairo',
  passcodeRequired: false,
};
const joined = { url: 'http://bbb.test/bigbluebutton/api/join?x=1', role: 'attendee' };
const notice = { ar: 'ليس لديك صلاحية بدء الاجتماع كمالك (تنضم كمشارك)', en: 'You do not have permission' };
const deleted = { ar: 'تم حذف هذا الاجتماع', en: 'This meeting has been deleted' };

type Snapshot = ReturnType<typeof joinMachine.getInitialSnapshot>;
// Failed screens differ by why: keep the refusals apart.
const serializeState = (s: Snapshot) => JSON.stringify([s.value, s.context.errorCode]);

const RECHECK = 'xstate.after.recheck.join.waiting';
type ModelEvent =
  | JoinEvent
  | { type: 'xstate.done.actor.lookupMeeting'; output: unknown }
  | { type: 'xstate.error.actor.lookupMeeting'; error: unknown }
  | { type: 'xstate.done.actor.joinMeeting'; output: unknown }
  | { type: 'xstate.error.actor.joinMeeting'; error: unknown }
  | { type: typeof RECHECK };
const events = [
  { type: 'join.submit', number: '482913', name: 'Huda' },
  { type: 'join.cancel' },
  { type: 'join.continue' },
  { type: 'xstate.done.actor.lookupMeeting', output: meeting },
  { type: 'xstate.error.actor.lookupMeeting', error: { code: 'MEETING_NUMBER_NOT_FOUND' } },
  { type: 'xstate.done.actor.joinMeeting', output: joined },
  { type: 'xstate.done.actor.joinMeeting', output: { ...joined, notice } },
  { type: 'xstate.error.actor.joinMeeting', error: { code: 'MEETING_NOT_STARTED' } },
  { type: 'xstate.error.actor.joinMeeting', error: { code: 'MEETING_DELETED', errorMessage: deleted } },
  { type: RECHECK },
] as ModelEvent[];

/** The machine with a short re-check, so the model's timer event happens within a test. */
const fastLogic = joinLogic.provide({ delays: { recheck: 150 } });

describe('join by number (model-based, against the real page)', () => {
  const model = createModel(joinMachine, { events: events as JoinEvent[], serializeState });

  for (const path of getTransitionPaths(model, { serializeState })) {
    it(path.description, async () => {
      const pending: { lookup: ((r: FakeResponse) => void)[]; join: ((r: FakeResponse) => void)[] } = {
        lookup: [],
        join: [],
      };
      const { calls } = fakeBff({
        'GET /api/csrf-token': { body: { getCsrfToken: 't' } },
        'GET /api/join/482913': () => new Promise<FakeResponse>((r) => pending.lookup.push(r)),
        'POST /api/join/482913': () => new Promise<FakeResponse>((r) => pending.join.push(r)),
      });
      const go = vi.spyOn(hardNavigation, 'go').mockImplementation(() => {});
      await renderWithProviders(<JoinFlow logic={fastLogic} />);
      const joins = () => calls.filter((c) => c.method === 'POST' && c.path === '/api/join/482913');
      const answer = async (queue: ((r: FakeResponse) => void)[], r: FakeResponse) => {
        await waitFor(() => expect(queue.length).toBeGreaterThan(0));
        queue.shift()?.(r);
      };
      let joinsBeforeWait = 0;
      await path.test({
        states: {
          idle: () => {
            expect(screen.getByLabelText('رقم الاجتماع')).toBeTruthy();
            expect(screen.queryByTestId('join-error')).toBeNull();
            expect(screen.queryByTestId('join-waiting')).toBeNull();
          },
          checking: async () => {
            await waitFor(() => expect(pending.lookup.length).toBe(1));
          },
          joining: async () => {
            await waitFor(() => expect(pending.join.length).toBe(1));
            expect(joins().at(-1)?.body).toEqual({ name: 'Huda' });
          },
          waiting: async () => {
            expect((await screen.findByTestId('join-waiting')).textContent).toContain('لم يبدأ الاجتماع بعد');
          },
          notice: async () => {
            expect((await screen.findByTestId('join-notice')).textContent).toContain(notice.ar);
            expect(go).not.toHaveBeenCalled();
          },
          redirected: async () => {
            await waitFor(() => expect(go).toHaveBeenCalledWith(joined.url));
          },
          failed: async ({ context }) => {
            const text = (await screen.findByTestId('join-error')).textContent;
            expect(text).toBe(
              context.errorCode === 'MEETING_NUMBER_NOT_FOUND' ? 'لا يوجد اجتماع بهذا الرقم' : 'تم حذف هذا الاجتماع',
            );
          },
        },
        events: {
          'join.submit': () => {
            // Arabic-Indic digits typed are the same number.
            fireEvent.change(screen.getByLabelText('رقم الاجتماع'), { target: { value: '٤٨٢٩١٣' } });
            fireEvent.change(screen.getByLabelText('اسمك'), { target: { value: 'Huda' } });
            fireEvent.click(screen.getByRole('button', { name: 'انضمام' }));
          },
          'join.cancel': () => {
            fireEvent.click(
              screen.queryByTestId('join-waiting')
                ? screen.getByRole('button', { name: 'رجوع' })
                : screen.getByRole('button', { name: 'إغلاق' }),
            );
          },
          'join.continue': () => {
            fireEvent.click(screen.getByRole('button', { name: 'الانضمام كمشارك' }));
          },
          'xstate.done.actor.lookupMeeting': () => answer(pending.lookup, { body: { meeting } }),
          'xstate.error.actor.lookupMeeting': () => answer(pending.lookup, apiError(404, 'MEETING_NUMBER_NOT_FOUND')),
          'xstate.done.actor.joinMeeting': ({ event }: { event: { output: unknown } }) =>
            answer(pending.join, { body: event.output }),
          'xstate.error.actor.joinMeeting': async ({ event }: { event: { error: { code: string } } }) => {
            await answer(
              pending.join,
              event.error.code === 'MEETING_DELETED'
                ? { status: 409, body: { code: 'MEETING_DELETED', errorMessage: deleted } }
                : apiError(409, 'MEETING_NOT_STARTED'),
            );
            // Counted when the page is told to wait, not when the test sees it waiting: with the 150 ms re-check, a
            // busy machine let the page ask again before the waiting state was checked, and the re-check was missed.
            joinsBeforeWait = joins().length;
          },
          // The timer: the page asks again by itself.
          [RECHECK]: async () => {
            await waitFor(() => expect(joins().length).toBe(joinsBeforeWait + 1));
          },
        },
      } as Parameters<typeof path.test>[0]);
      recordWalk(joinMachine, 'client', path);
    });
  }

  it('asks for a number and, when signed out, a name', async () => {
    fakeBff({});
    await renderWithProviders(<JoinFlow />);
    fireEvent.click(screen.getByRole('button', { name: 'انضمام' }));
    expect(await screen.findByText('أدخل رقم الاجتماع')).toBeTruthy();
    expect(screen.getByText('أدخل اسمك')).toBeTruthy();
  });

  it("takes the number from the link, either digits, and shows it in the reader's style", async () => {
    fakeBff({});
    await renderWithProviders(<JoinFlow initialNumber="482913" />);
    expect((screen.getByLabelText('رقم الاجتماع') as HTMLInputElement).value).toBe('٤٨٢٩١٣');
    setReaderPrefs({ digits: 'latn' });
    await waitFor(() => expect((screen.getByLabelText('رقم الاجتماع') as HTMLInputElement).value).toBe('482913'));
    setReaderPrefs({ digits: null });
  });

  it("a guest waiting sees the start on their own clock and on the organiser's, both named", async () => {
    const device = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const organiser = device === 'Asia/Tokyo' ? 'America/New_York' : 'Asia/Tokyo';
    const startsAt = '2026-11-24T08:00:00.000Z';
    fakeBff({
      'GET /api/csrf-token': { body: { getCsrfToken: 't' } },
      'GET /api/join/482913': { body: { meeting: { ...meeting, startsAt, timeZone: organiser } } },
      'POST /api/join/482913': apiError(409, 'MEETING_NOT_STARTED'),
    });
    await renderWithProviders(<JoinFlow initialNumber="482913" />);
    fireEvent.change(screen.getByLabelText('اسمك'), { target: { value: 'Huda' } });
    fireEvent.click(screen.getByRole('button', { name: 'انضمام' }));
    const at = new Date(startsAt);
    const mine = (await screen.findByTestId('join-when')).textContent;
    expect(mine).toMatch(/^بتوقيتك: /);
    expect(mine).toContain(`(${zoneName('ar', device, at)})`);
    const theirs = screen.getByTestId('join-organiser-when').textContent;
    expect(theirs).toMatch(/^بتوقيت المنظِّم: /);
    expect(theirs).toContain(`(${zoneName('ar', organiser, at)})`);
    expect(theirs).toContain(organiser === 'Asia/Tokyo' ? '٥:٠٠ م' : '٣:٠٠ ص');
  });

  it('a signed-in reader who chose Hijri dates sees the start with its Hijri date, no dot beside a digit', async () => {
    localStorage.setItem('user', JSON.stringify(demoUser));
    setReaderPrefs({ timeZone: 'Asia/Riyadh', hijri: true });
    try {
      fakeBff({
        'GET /api/csrf-token': { body: { getCsrfToken: 't' } },
        'GET /api/join/482913': {
          body: { meeting: { ...meeting, startsAt: '2026-02-18T08:00:00.000Z', timeZone: 'Asia/Riyadh' } },
        },
        'POST /api/join/482913': apiError(409, 'MEETING_NOT_STARTED'),
      });
      await renderWithProviders(<JoinFlow initialNumber="482913" />);
      fireEvent.click(screen.getByRole('button', { name: 'انضمام' }));
      const when = (await screen.findByTestId('join-when')).textContent ?? '';
      expect(when).toContain('(١ رمضان ١٤٤٧ هـ)');
      const line = screen.getByTestId('join-waiting').textContent ?? '';
      expect(line).not.toMatch(/·/);
    } finally {
      setReaderPrefs({ timeZone: null, hijri: false });
      localStorage.removeItem('user');
    }
  });
  describe('passcodes (issue 30)', () => {
    const asking = { ...meeting, passcodeRequired: true };
    const joins = (calls: { method: string; path: string; body: unknown }[]) =>
      calls.filter((c) => c.method === 'POST' && c.path === '/api/join/482913').map((c) => c.body);

    it('asks for it when the meeting has one, checks it with the contract, and sends Arabic-Indic digits as Latin', async () => {
      const { calls } = fakeBff({
        'GET /api/csrf-token': { body: { getCsrfToken: 't' } },
        'GET /api/join/482913': { body: { meeting: asking } },
        'POST /api/join/482913': (init) =>
          (JSON.parse(String(init.body)) as { passcode?: string }).passcode === '123456'
            ? { body: joined }
            : apiError(403, 'MEETING_PASSCODE_REQUIRED', { passcode: 'error.MEETING_PASSCODE_REQUIRED' }),
      });
      const go = vi.spyOn(hardNavigation, 'go').mockImplementation(() => {});
      await renderWithProviders(<JoinFlow initialNumber="482913" />);
      expect(screen.queryByLabelText('رمز المرور')).toBeNull();
      fireEvent.change(screen.getByLabelText('اسمك'), { target: { value: 'هدى' } });
      fireEvent.click(screen.getByRole('button', { name: 'انضمام' }));
      expect((await screen.findByTestId('join-error')).textContent).toContain('لهذا الاجتماع رمز مرور: أدخله للانضمام');
      const box = await screen.findByLabelText('رمز المرور');
      fireEvent.change(box, { target: { value: '١٢٣' } });
      fireEvent.click(screen.getByRole('button', { name: 'انضمام' }));
      expect(await screen.findByText('أدخل رمز المرور: ٦ أرقام')).toBeTruthy();
      fireEvent.change(box, { target: { value: '١٢٣ ٤٥٦' } });
      fireEvent.click(screen.getByRole('button', { name: 'انضمام' }));
      await waitFor(() => expect(go).toHaveBeenCalledWith(joined.url));
      expect(joins(calls)).toEqual([{ name: 'هدى' }, { name: 'هدى', passcode: '123456' }]);
      go.mockRestore();
    });

    it("the invitation link's passcode is sent without a box to type it in", async () => {
      window.history.replaceState({}, '', '/join/482913?pwd=654321');
      try {
        const { calls } = fakeBff({
          'GET /api/csrf-token': { body: { getCsrfToken: 't' } },
          'GET /api/join/482913': { body: { meeting: asking } },
          'POST /api/join/482913': { body: joined },
        });
        const go = vi.spyOn(hardNavigation, 'go').mockImplementation(() => {});
        await renderWithProviders(<JoinFlow initialNumber="482913" />);
        fireEvent.change(screen.getByLabelText('اسمك'), { target: { value: 'Huda' } });
        fireEvent.click(screen.getByRole('button', { name: 'انضمام' }));
        await waitFor(() => expect(go).toHaveBeenCalledWith(joined.url));
        expect(joins(calls)).toEqual([{ name: 'Huda', passcode: '654321' }]);
        expect(screen.queryByLabelText('رمز المرور')).toBeNull();
        go.mockRestore();
      } finally {
        window.history.replaceState({}, '', '/');
      }
    });
  });
});
