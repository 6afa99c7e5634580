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
import { institutionMonthOf } from '../billing/billing.fixtures.ts';
import type { ManagedUser } from './api.ts';

const ownerId = '0c1f4a2b-0000-4000-8000-000000000001';
const adminId = '0c1f4a2b-0000-4000-8000-000000000002';
const memberId = '0c1f4a2b-0000-4000-8000-000000000003';

const users: ManagedUser[] = [
  {
    id: ownerId,
    fname: 'Salma',
    lname: 'Hassan',
    email: demoUser.email,
    phone: '+201001234567',
    role: 'owner',
    active: true,
    room: null,
    lastSignInAt: '2026-05-10T09:30:00.000Z',
  },
  {
    id: adminId,
    fname: 'كريم',
    lname: 'عادل',
    email: 'karim@example.test',
    phone: '+201112345678',
    role: 'admin',
    active: true,
    room: { id: 'r-1', name: 'القاعة الكبرى' },
    lastSignInAt: null,
  },
  {
    id: memberId,
    fname: 'Mona',
    lname: 'Ali',
    email: 'mona@example.test',
    phone: '+971501234567',
    role: 'member',
    active: true,
    room: null,
    lastSignInAt: '2026-05-09T12:00:00.000Z',
  },
];

const invitation = {
  id: '0c1f4a2b-0000-4000-8000-0000000000aa',
  email: 'huda@example.test',
  fname: 'هدى',
  lname: 'سالم',
  role: 'admin',
  invitedBy: { id: ownerId, fname: 'Salma', lname: 'Hassan' },
  invitedAt: '2026-05-10T11:00:00.000Z',
  expiresAt: '2026-05-17T11:00:00.000Z',
  state: 'open',
};

const instOwner = {
  'GET /api/user/permission': {
    body: {
      ...dashboardHandlers()['GET /api/user/permission'].body,
      showUserManage: true,
      showTeams: true,
      showChat: true,
    },
  },
  'GET /api/account/type': { body: { type: 'inst', accountType: 'owner' } },
  // Read when the page opens: the profile's language is the one the test's browser holds (signed in, it decides).
  get 'GET /api/user/info'() {
    const locale = localStorage.getItem('MajlisLang') === 'En' ? 'en' : 'ar';
    return userInfoAnswer({ id: ownerId, locale });
  },
};

async function openUsers(
  lang: 'Ar' | 'En',
  extra: Record<string, FakeResponse | ((init: RequestInit) => FakeResponse)> = {},
) {
  localStorage.setItem('MajlisLang', lang);
  localStorage.setItem('user', JSON.stringify({ ...demoUser, id: ownerId }));
  const bff = fakeBff({
    ...dashboardHandlers(instOwner),
    'GET /api/users': { body: { users, total: 23, page: 1, pageSize: 20 } },
    'GET /api/users/audit': {
      body: {
        rows: [
          {
            id: 8,
            who: { id: ownerId, fname: 'Salma', lname: 'Hassan' },
            action: 'user.invite',
            target: null,
            invitee: { email: 'huda@example.test', role: 'admin' },
            at: '2026-05-10T11:00:00.000Z',
          },
          {
            id: 7,
            who: { id: ownerId, fname: 'Salma', lname: 'Hassan' },
            action: 'user.add',
            target: memberId,
            invitee: null,
            at: '2026-05-10T10:00:00.000Z',
          },
        ],
        next: null,
      },
    },
    'GET /api/users/invitations': { body: { invitations: [invitation] } },
    ...extra,
  });
  await renderApp('/dashbord/userManagement');
  await screen.findByTestId('users-table');
  return bff;
}

describe('user management page', () => {
  it('lists the officials and members in Arabic, right to left, with a plural total and the activity', async () => {
    const { fetchMock } = await openUsers('Ar');
    expect(document.documentElement.dir).toBe('rtl');
    const table = screen.getByTestId('users-table');
    for (const header of [
      'الاسم',
      'البريد الإلكتروني',
      'الهاتف',
      'الدور',
      'الحالة',
      'الغرفة المُسندة',
      'آخر تسجيل دخول',
    ])
      expect(within(table).getByRole('columnheader', { name: header })).toBeTruthy();
    expect(screen.getAllByTestId('user-row')).toHaveLength(3);
    expect(within(table).getByText('القاعة الكبرى')).toBeTruthy();
    expect(within(table).getByText('لم يسجل الدخول بعد')).toBeTruthy();
    // In the reader's digits, grouped as the country writes it (issue 26), in a left-to-right bdi.
    expect(
      within(table).getByText(
        (_, el) =>
          el?.tagName === 'BDI' && el.textContent?.replace(/[\u200e\u2066-\u2069]/g, '') === '+٩٧١ ٥٠ ١٢٣ ٤٥٦٧',
      ),
    ).toBeTruthy();
    expect(screen.getByTestId('users-total').textContent).toBe('٢٣ مستخدمًا');
    expect((await screen.findByTestId('activity')).textContent).toContain('أضاف مستخدمًا (Mona Ali)');
    // The owner's own row cannot be switched off here; the others can.
    const switches = screen.getAllByTestId('user-status') as HTMLInputElement[];
    expect(switches.map((s) => s.disabled)).toEqual([true, false, false]);
    const list = fetchMock.mock.calls.map(([url]) => String(url)).find((u) => u.includes('/api/users?'));
    expect(list).toContain('page=1');
    expect(list).toContain('pageSize=20');
  });

  it('reads in English too, and searches by what is typed', async () => {
    const { fetchMock } = await openUsers('En');
    expect(document.documentElement.dir).toBe('ltr');
    expect(screen.getByRole('columnheader', { name: 'Last sign-in' })).toBeTruthy();
    expect(screen.getByTestId('users-total').textContent).toBe('23 users');
    expect(screen.getByText('Never')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search users'), { target: { value: 'mona' } });
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).includes('q=mona'))).toBe(true));
  });

  it('the add dialog shows the spec messages for an empty form and sends nothing', async () => {
    const { calls } = await openUsers('Ar');
    fireEvent.click(screen.getByTestId('add-user'));
    const form = await screen.findByTestId('user-form');
    fireEvent.click(within(form).getByRole('button', { name: 'إضافة المستخدم' }));
    expect(await within(form).findByText('أدخل الاسم الأول')).toBeTruthy();
    expect(within(form).getByText('أدخل اسم العائلة')).toBeTruthy();
    expect(within(form).getByText('أدخل البريد الإلكتروني')).toBeTruthy();
    expect(
      within(form).getByText('اختر الدور: مسؤول أو عضو', { selector: '.mantine-InputWrapper-error' }),
    ).toBeTruthy();
    // An initial password is asked for only when that way is chosen.
    expect(within(form).queryByLabelText(/كلمة المرور الأولية/)).toBeNull();
    fireEvent.click(within(form).getByLabelText('تعيين كلمة مرور أولية'));
    fireEvent.click(within(form).getByRole('button', { name: 'إضافة المستخدم' }));
    expect(await within(form).findByText('أدخل كلمة المرور')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/users')).toBe(false);
  });

  it('the add dialog shows the server refusal under its field, in the server words', async () => {
    const { calls } = await openUsers('En', {
      'POST /api/users': {
        status: 409,
        body: {
          code: 'EMAIL_TAKEN',
          errorMessage: { ar: 'البريد مستخدم', en: 'This e-mail is already in this account' },
          fields: { email: { ar: 'البريد مستخدم', en: 'This e-mail is already in this account' } },
        },
      },
    });
    fireEvent.click(screen.getByTestId('add-user'));
    const form = await screen.findByTestId('user-form');
    fireEvent.change(within(form).getByLabelText(/First name/), { target: { value: 'Omar' } });
    fireEvent.change(within(form).getByLabelText(/Last name/), { target: { value: 'Fathy' } });
    fireEvent.change(within(form).getByLabelText(/^E-mail\s*\*?$/), { target: { value: 'mona@example.test' } });
    fireEvent.change(within(form).getByLabelText(/Phone number/), { target: { value: '100 765 4321' } });
    fireEvent.click(within(form).getByLabelText(/^Role/, { selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Member' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Add the user' }));
    expect(await within(form).findByText('This e-mail is already in this account')).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST' && c.path === '/api/users');
    expect(post?.body).toEqual({
      fname: 'Omar',
      lname: 'Fathy',
      email: 'mona@example.test',
      phone: '+201007654321',
      role: 'member',
      mode: 'invite',
    });
  });

  it('the status switch asks first, saying sessions end at once, then switches', async () => {
    let sent: unknown = null;
    const { calls } = await openUsers('Ar', {
      [`PUT /api/users/${memberId}/status`]: (init) => {
        sent = JSON.parse(String(init.body));
        return { body: { user: { ...users[2], active: false } } };
      },
    });
    fireEvent.click(screen.getAllByTestId('user-status')[2] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'تعطيل المستخدم' });
    expect(dialog.textContent).toContain('تنتهي جلساته في هذا الحساب فورًا');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'تعطيل' }));
    await waitFor(() => expect(sent).toEqual({ active: false }));
    expect(await screen.findByText('تم تعطيل Mona Ali')).toBeTruthy();
  });

  it('de-assigning a room says the meetings go, asks first, then reports how many', async () => {
    const { calls } = await openUsers('Ar', {
      'DELETE /api/rooms/r-1/assign': { body: { deletedMeetings: 2 } },
    });
    fireEvent.click(screen.getByRole('button', { name: 'الإجراءات كريم عادل' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'إلغاء إسناد الغرفة' }));
    const dialog = await screen.findByRole('dialog', { name: 'إلغاء إسناد الغرفة' });
    expect(dialog.textContent).toContain('ستُحذف اجتماعاته في هذه الغرفة');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'إلغاء الإسناد' }));
    expect(await screen.findByText('أُلغي إسناد الغرفة؛ حُذف اجتماعان')).toBeTruthy();
  });

  it('changing the role shows who the person is, offers no name or phone to rewrite, and sends the role alone', async () => {
    const { calls } = await openUsers('En', {
      [`PUT /api/users/${memberId}`]: { body: { user: { ...users[2], role: 'admin' } } },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Actions Mona Ali' }));
    expect(screen.queryByRole('menuitem', { name: 'Edit' })).toBeNull();
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Change the role' }));
    const form = await screen.findByTestId('user-role-form');
    // The person's own details are shown, not offered: no field for them at all.
    expect(within(form).getByTestId('user-identity').textContent).toContain('Mona Ali');
    expect(within(form).getByText('+971 50 123 4567')).toBeTruthy();
    expect(within(form).queryByLabelText(/First name/)).toBeNull();
    expect(within(form).queryByLabelText(/Last name/)).toBeNull();
    expect(within(form).queryByLabelText('Phone number')).toBeNull();
    expect(within(form).queryByLabelText(/^E-mail/)).toBeNull();
    expect(form.textContent).toContain('they change them in their own profile');
    // Nothing to save until the role differs.
    const save = within(form).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.click(within(form).getByLabelText(/^Role in this account/, { selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Admin' }));
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    expect(await screen.findByText('The role was changed')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ role: 'admin' });
  });

  it('an admin sees the users but no activity section', async () => {
    const { calls } = await openUsers('En', {
      'GET /api/account/type': { body: { type: 'inst', accountType: 'admin' } },
    });
    expect(screen.queryByText('Activity')).toBeNull();
    expect(calls.some((c) => c.path === '/api/users/audit')).toBe(false);
  });

  it('lists an invitation as invited (role, who, when); the audit names the invitee; revoke asks, then tells', async () => {
    const { calls } = await openUsers('Ar', {
      [`DELETE /api/users/invitations/${invitation.id}`]: { body: { ok: true } },
    });
    const row = await screen.findByTestId('invitation-row');
    expect(row.textContent).toContain('هدى سالم');
    expect(row.textContent).toContain('مدعو');
    expect(row.textContent).toContain('مشرف');
    expect(row.textContent).toContain('أرسل الدعوة Salma Hassan في');
    expect((await screen.findByTestId('activity')).textContent).toContain('دعا مستخدمًا (huda@example.test بصفة مشرف)');
    fireEvent.click(within(row).getByTestId('invitation-revoke'));
    expect(await screen.findByText(/هل تريد سحب دعوة/)).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getAllByRole('button', { name: 'سحب الدعوة' }).at(-1) as HTMLElement);
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path.endsWith(invitation.id))).toBe(true));
    expect(await screen.findByText('سُحبت الدعوة إلى huda@example.test: لم يعد رابطها يعمل')).toBeTruthy();
  });

  it('a lapsed institution: adding, resending, switching and the row actions are disabled with the reason; revoke stays', async () => {
    const { calls } = await openUsers('Ar', { 'GET /api/billing/institution-month': institutionMonthOf('lapsed') });
    const note = await screen.findByTestId('institution-read-only');
    expect(note.textContent).toBe('للعرض فقط حتى يُجدَّد الاشتراك الشهري للمؤسسة');
    expect((screen.getByTestId('add-user') as HTMLButtonElement).disabled).toBe(true);
    for (const sw of screen.getAllByTestId('user-status')) expect((sw as HTMLInputElement).disabled).toBe(true);
    for (const row of screen.getAllByTestId('user-row'))
      expect((within(row).getByRole('button', { name: /^الإجراءات/ }) as HTMLButtonElement).disabled).toBe(true);
    const invite = await screen.findByTestId('invitation-row');
    expect((within(invite).getByTestId('invitation-resend') as HTMLButtonElement).disabled).toBe(true);
    expect((within(invite).getByTestId('invitation-revoke') as HTMLButtonElement).disabled).toBe(false);
    // Reading and searching go on.
    expect((screen.getByRole('searchbox') as HTMLInputElement).disabled).toBe(false);
    expect(calls.some((c) => c.method !== 'GET')).toBe(false);
  });

  it('a running institution month leaves every control enabled, with no reason shown', async () => {
    const { calls } = await openUsers('En', { 'GET /api/billing/institution-month': institutionMonthOf('active') });
    await waitFor(() => expect(calls.some((c) => c.path === '/api/billing/institution-month')).toBe(true));
    await screen.findByTestId('invitation-row');
    expect(screen.queryByTestId('institution-read-only')).toBeNull();
    expect((screen.getByTestId('add-user') as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByTestId('invitation-resend') as HTMLButtonElement).disabled).toBe(false);
  });
});
