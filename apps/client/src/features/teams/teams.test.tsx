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
import type { ManagedTeam, TeamPerson } from './api.ts';

const person = (n: number, fname: string, lname: string): TeamPerson => ({
  userId: `0c1f4a2b-0000-4000-8000-00000000000${n}`,
  fname,
  lname,
  email: `${fname.toLowerCase()}${n}@example.test`,
  picture: null,
});
const salma = person(1, 'Salma', 'Hassan');
const karim = person(2, 'كريم', 'عادل');
const mona = person(3, 'Mona', 'Ali');
const omar = person(4, 'Omar', 'Khaled');

const teams: ManagedTeam[] = [
  { _id: '6f1c1a52-0000-4000-8000-000000000001', teamName: 'فريق التصميم', members: [karim, mona, omar] },
  { _id: '6f1c1a52-0000-4000-8000-000000000002', teamName: 'Sales', members: [mona] },
  { _id: '6f1c1a52-0000-4000-8000-000000000003', teamName: 'Support', members: [karim, mona] },
  { _id: '6f1c1a52-0000-4000-8000-000000000004', teamName: 'New', members: [] },
];

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
    return userInfoAnswer({ id: salma.userId, locale });
  },
};

async function openTeams(
  lang: 'Ar' | 'En',
  extra: Record<string, FakeResponse | ((init: RequestInit) => FakeResponse)> = {},
) {
  localStorage.setItem('MajlisLang', lang);
  localStorage.setItem('user', JSON.stringify({ ...demoUser, id: salma.userId }));
  const bff = fakeBff({
    ...dashboardHandlers(instOwner),
    'GET /api/teams/manage': { body: { teams } },
    'GET /api/teams/candidates': { body: { users: [salma, karim, mona, omar] } },
    ...extra,
  });
  await renderApp('/dashbord/teamsManagement');
  await waitFor(() => expect(screen.getAllByTestId('team-card')).toHaveLength(4));
  return bff;
}

const counts = () => screen.getAllByTestId('team-count').map((c) => c.textContent);

describe('teams management page', () => {
  it('lists the teams in Arabic, right to left, with Arabic plural counts and the members’ names', async () => {
    await openTeams('Ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(counts()).toEqual(['٣ أعضاء', 'عضو واحد', 'عضوان', 'لا أعضاء']);
    const design = screen.getAllByTestId('team-card')[0] as HTMLElement;
    expect(within(design).getByText('كريم عادل')).toBeTruthy();
    expect(within(design).getByText('Omar Khaled')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'إضافة فريق' })).toBeTruthy();
    // Nested under user management in the sidebar.
    expect(screen.getByRole('link', { name: 'الفرق' }).getAttribute('href')).toBe('/dashbord/teamsManagement');
  });

  it('reads in English; the add dialog asks for a name, then creates the team', async () => {
    const { calls } = await openTeams('En', {
      'POST /api/teams': { status: 201, body: { _id: teams[3]?._id, teamName: 'Ops', members: [] } },
    });
    expect(document.documentElement.dir).toBe('ltr');
    expect(counts()).toEqual(['3 members', '1 member', '2 members', '0 members']);
    fireEvent.click(screen.getByTestId('add-team'));
    fireEvent.click(await screen.findByTestId('team-save'));
    expect(await screen.findByText('Enter the team name')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(screen.getByTestId('team-name'), { target: { value: '  Ops  ' } });
    fireEvent.click(screen.getByTestId('team-save'));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ teamName: 'Ops' }));
  });

  it('shows a name already taken at the field, in the reader’s language', async () => {
    await openTeams('Ar', {
      'PUT /api/teams/6f1c1a52-0000-4000-8000-000000000002': {
        status: 409,
        body: {
          code: 'TEAM_NAME_TAKEN',
          errorMessage: { ar: 'يوجد فريق بهذا الاسم في مؤسستك بالفعل', en: 'A team with this name already exists' },
          fields: { teamName: { ar: 'يوجد فريق بهذا الاسم بالفعل', en: 'A team with this name already exists' } },
        },
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'إعادة تسمية Sales' }));
    const input = (await screen.findByTestId('team-name')) as HTMLInputElement;
    expect(input.value).toBe('Sales');
    fireEvent.change(input, { target: { value: 'Support' } });
    fireEvent.click(screen.getByTestId('team-save'));
    expect(await screen.findByText('يوجد فريق بهذا الاسم بالفعل')).toBeTruthy();
  });

  it('saving the members adds the new ones and takes out the others, one call each', async () => {
    const sales = teams[1] as ManagedTeam;
    const { calls } = await openTeams('En', {
      [`POST /api/teams/${sales._id}/members`]: { body: { ...sales, members: [mona, omar] } },
      [`DELETE /api/teams/${sales._id}/members/${mona.userId}`]: { body: { ok: true } },
    });
    fireEvent.click(within(screen.getAllByTestId('team-card')[1] as HTMLElement).getByTestId('team-members'));
    const dialog = await screen.findByRole('dialog', { name: 'Team members' });
    // Mona is picked; take her out (the pill's remove button) and pick Omar.
    const remove = dialog.querySelector('.mantine-Pill-remove');
    expect(remove).not.toBeNull();
    fireEvent.click(remove as Element);
    const field = within(dialog).getByPlaceholderText('Search by name or e-mail');
    fireEvent.focus(field);
    fireEvent.click(field);
    fireEvent.click(await screen.findByRole('option', { name: /Omar Khaled/, hidden: true }));
    fireEvent.click(within(dialog).getByTestId('team-members-save'));
    await waitFor(() =>
      expect(calls.filter((c) => c.path.includes('/members')).map((c) => [c.method, c.path, c.body])).toEqual([
        ['POST', `/api/teams/${sales._id}/members`, { userId: omar.userId }],
        ['DELETE', `/api/teams/${sales._id}/members/${mona.userId}`, undefined],
      ]),
    );
  });

  it('deletes a team only after asking', async () => {
    const { calls } = await openTeams('Ar', {
      'DELETE /api/teams/6f1c1a52-0000-4000-8000-000000000004': { body: { ok: true } },
    });
    fireEvent.click(screen.getByRole('button', { name: 'حذف New' }));
    const dialog = await screen.findByRole('dialog', { name: 'حذف الفريق' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'حذف' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
  });

  it('a lapsed institution: adding, renaming, members and deleting are disabled, and the reason is said', async () => {
    await openTeams('Ar', { 'GET /api/billing/institution-month': institutionMonthOf('lapsed') });
    const note = await screen.findByTestId('institution-read-only');
    expect(note.textContent).toBe('للعرض فقط حتى يُجدَّد الاشتراك الشهري للمؤسسة');
    expect((screen.getByTestId('add-team') as HTMLButtonElement).disabled).toBe(true);
    const card = screen.getAllByTestId('team-card')[1] as HTMLElement;
    for (const button of within(card).getAllByRole('button')) expect((button as HTMLButtonElement).disabled).toBe(true);
  });

  it('in the grace the teams can still be changed', async () => {
    const { calls } = await openTeams('En', { 'GET /api/billing/institution-month': institutionMonthOf('grace') });
    await waitFor(() => expect(calls.some((c) => c.path === '/api/billing/institution-month')).toBe(true));
    expect(screen.queryByTestId('institution-read-only')).toBeNull();
    expect((screen.getByTestId('add-team') as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getAllByTestId('team-members')[0] as HTMLButtonElement).disabled).toBe(false);
  });
});
