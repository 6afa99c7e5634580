import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  dashboardHandlers,
  demoUser,
  type FakeResponse,
  fakeBff,
  renderApp,
  userInfoAnswer,
} from '../../test/harness.tsx';

const sessions = [
  {
    id: 's-here',
    device: 'Firefox — Linux',
    ip: '10.0.0.1',
    createdAt: '2026-05-10T09:00:00.000Z',
    lastSeenAt: '2026-05-10T09:30:00.000Z',
    current: true,
  },
  {
    id: 's-phone',
    device: 'Safari — iOS',
    ip: null,
    createdAt: '2026-05-09T09:00:00.000Z',
    lastSeenAt: '2026-05-09T12:00:00.000Z',
    current: false,
  },
];
const institution = {
  institution: { name: 'مؤسسة', address: '', country: 'EG', city: 'القاهرة', postalCode: '', phone: '+20223456789' },
  editable: true,
};
const instOwner = {
  'GET /api/user/permission': {
    body: { ...dashboardHandlers()['GET /api/user/permission'].body, showUserManage: true, showTeams: true },
  },
  'GET /api/account/type': { body: { type: 'inst', accountType: 'owner' } },
};

async function openProfile(
  lang: 'Ar' | 'En',
  overrides: Record<string, FakeResponse> = {},
  extra: Record<string, FakeResponse | ((init: RequestInit) => FakeResponse)> = {},
) {
  localStorage.setItem('MajlisLang', lang);
  localStorage.setItem('user', JSON.stringify(demoUser));
  const bff = fakeBff({
    ...dashboardHandlers(overrides),
    'GET /api/profile/sessions': { body: { sessions } },
    'GET /api/account/institution': { body: institution },
    ...extra,
  });
  await renderApp('/dashbord/profile');
  await screen.findAllByTestId('session-row');
  return bff;
}

describe('profile page', () => {
  it('reads in Arabic, right to left: details, sessions with this device marked, no institution for a personal account', async () => {
    const { calls } = await openProfile('Ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(screen.getByRole('heading', { name: 'بياناتك' })).toBeTruthy();
    expect((screen.getByLabelText('الاسم الأول', { exact: false }) as HTMLInputElement).value).toBe('Salma');
    expect((screen.getByLabelText(/^رقم الهاتف/) as HTMLInputElement).value).toBe('1001234567');
    const rows = screen.getAllByTestId('session-row');
    expect(within(rows[0] as HTMLElement).getByText('هذا الجهاز')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).queryByText('هذا الجهاز')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'بيانات المؤسسة' })).toBeNull();
    expect(calls.some((c) => c.path === '/api/account/institution')).toBe(false);
  });

  it('saves the details (English) and replaces the session user, so the top bar follows without a reload', async () => {
    const saved = {
      info: userInfoAnswer({ fname: 'Nour', locale: 'en' }).body.info,
      user: { ...demoUser, fname: 'Nour' },
    };
    const { calls } = await openProfile('En', {}, { 'PUT /api/profile': { body: saved } });
    expect(document.documentElement.dir).toBe('ltr');
    fireEvent.change(screen.getByLabelText('First name', { exact: false }), { target: { value: 'Nour' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ fname: 'Nour' }));
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ phone: '+201001234567', locale: 'en' });
    await waitFor(() => expect(JSON.parse(localStorage.getItem('user') ?? '{}').fname).toBe('Nour'));
  });

  it('shows the spec message for an empty first name and sends nothing', async () => {
    const { calls } = await openProfile('Ar');
    fireEvent.change(screen.getByLabelText('الاسم الأول', { exact: false }), { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'حفظ' }));
    expect(await screen.findByText('أدخل الاسم الأول')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('a wrong current password shows beside its field; the right one says how many sessions ended', async () => {
    let attempt = 0;
    await openProfile(
      'En',
      {},
      {
        'POST /api/profile/password': () =>
          ++attempt === 1
            ? {
                status: 400,
                body: {
                  code: 'VALIDATION_FAILED',
                  errorMessage: { ar: 'تحقق من الحقول', en: 'Check the fields' },
                  fields: {
                    currentPassword: { ar: 'كلمة المرور الحالية غير صحيحة', en: 'The current password is not correct' },
                  },
                },
              }
            : { body: { ok: true, endedSessions: 2 } },
      },
    );
    const section = screen.getByRole('region', { name: 'Change the password' });
    fireEvent.change(within(section).getByLabelText('Current password'), { target: { value: 'old-one' } });
    fireEvent.change(within(section).getByLabelText('New password'), { target: { value: 'A-new-long-pass-42' } });
    fireEvent.change(within(section).getByLabelText('Confirm the password'), {
      target: { value: 'A-new-long-pass-42' },
    });
    fireEvent.click(within(section).getByRole('button', { name: 'Change the password' }));
    expect(await within(section).findByText('The current password is not correct')).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: 'Change the password' }));
    expect(await screen.findByText('Your password was changed; 2 other sessions were signed out')).toBeTruthy();
  });

  it("an institution's owner edits its details; an empty city asks for the city name", async () => {
    const { calls } = await openProfile('Ar', instOwner);
    const section = await screen.findByRole('region', { name: 'بيانات المؤسسة' });
    expect((within(section).getByLabelText('المدينة', { exact: false }) as HTMLInputElement).value).toBe('القاهرة');
    fireEvent.change(within(section).getByLabelText('المدينة', { exact: false }), { target: { value: '' } });
    fireEvent.click(within(section).getByRole('button', { name: 'حفظ' }));
    expect(await within(section).findByText('أدخل اسم المدينة')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/account/institution' && c.method === 'PUT')).toBe(false);
  });
});
