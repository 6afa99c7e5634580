import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { apiError, dashboardHandlers, demoUser, type FakeResponse, fakeBff, renderApp } from '../../test/harness.tsx';

// The first render loads the dashboard's lazy route chunks: on two busy cores, seconds (waits are for the card).
/** Issue 30 on the profile page: the owner's verified domains, and the people waiting to join by one. */
const instOwner = {
  'GET /api/user/permission': {
    body: { ...dashboardHandlers()['GET /api/user/permission'].body, showUserManage: true, showTeams: true },
  },
  'GET /api/account/type': { body: { type: 'inst', accountType: 'owner' } },
};
const institution = {
  institution: { name: 'مؤسسة', address: '', country: 'EG', city: 'القاهرة', postalCode: '', phone: '+20223456789' },
  editable: true,
};
const pending = {
  id: 'd-1',
  domain: 'uni.example',
  joinMode: 'approval' as const,
  txtRecord: 'majlis-verify=abc123',
  verifiedAt: null,
};
const ssoSettings = {
  sso: null,
  redirectUri: 'http://localhost/api/auth/oidc/callback',
  backchannelLogoutUri: 'http://localhost/api/auth/oidc/backchannel-logout/a-1',
};

async function openProfile(
  lang: 'Ar' | 'En',
  extra: Record<string, FakeResponse | ((init: RequestInit) => FakeResponse)> = {},
) {
  localStorage.setItem('MajlisLang', lang);
  localStorage.setItem('user', JSON.stringify(demoUser));
  const bff = fakeBff({
    ...dashboardHandlers(instOwner),
    'GET /api/profile/sessions': { body: { sessions: [] } },
    'GET /api/account/institution': { body: institution },
    'GET /api/account/sso': { body: ssoSettings },
    'GET /api/account/domains': { body: { domains: [pending] } },
    'GET /api/account/join-requests': { body: { requests: [] } },
    ...extra,
  });
  await renderApp('/dashbord/profile');
  return bff;
}

describe('profile page, verified domains (issue 30)', () => {
  afterEach(() => localStorage.clear());

  it('the owner proves a domain by its TXT record and adds another; a wrong one is told, in Arabic', async () => {
    let added = 0;
    const { calls } = await openProfile('Ar', {
      'POST /api/account/domains/d-1/verify': {
        body: { domain: { ...pending, verifiedAt: '2026-11-28T03:00:00.000Z' } },
      },
      'POST /api/account/domains': () =>
        added++ === 0
          ? apiError(422, 'VALIDATION_FAILED', { domain: 'field.domain' })
          : {
              status: 201,
              body: {
                domain: {
                  id: 'd-2',
                  domain: 'staff.example',
                  joinMode: 'auto',
                  txtRecord: 'majlis-verify=x',
                  verifiedAt: null,
                },
              },
            },
    });
    const card = await screen.findByRole('region', { name: 'نطاقات مؤسستك' }, { timeout: 15_000 });
    const row = await within(card).findByTestId('domain-row');
    expect(within(row).getByText('majlis-verify=abc123')).toBeTruthy();
    expect(within(row).getByText('لم يُثبت بعد')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'التحقّق من السجل' }));
    expect(await within(row).findByText('مُثبت')).toBeTruthy();
    expect(within(row).queryByText('majlis-verify=abc123')).toBeNull();

    const field = within(card).getByLabelText('النطاق');
    fireEvent.change(field, { target: { value: 'not a domain' } });
    fireEvent.click(within(card).getByRole('button', { name: 'إضافة النطاق' }));
    expect(await within(card).findByText('أدخل نطاقًا مثل example.edu', { exact: false })).toBeTruthy();
    fireEvent.change(field, { target: { value: 'staff.example' } });
    fireEvent.click(within(card).getByRole('button', { name: 'إضافة النطاق' }));
    await waitFor(() => expect(within(card).getAllByTestId('domain-row')).toHaveLength(2));
    const posts = calls.filter((c) => c.method === 'POST' && c.path === '/api/account/domains');
    expect(posts.at(-1)?.body).toEqual({ domain: 'staff.example', joinMode: 'auto' });
  });

  it('an official lets a person waiting to join in, in English', async () => {
    const { calls } = await openProfile('En', {
      'GET /api/account/join-requests': {
        body: {
          requests: [
            { userId: 'u-9', email: 'salma@uni.example', name: 'Salma Adel', createdAt: '2026-11-27T10:00:00.000Z' },
          ],
        },
      },
      'POST /api/account/join-requests/u-9/approve': { body: { ok: true } },
    });
    const card = await screen.findByRole('region', { name: 'Waiting to join' }, { timeout: 15_000 });
    const request = await within(card).findByTestId('join-request');
    expect(within(request).getByText('salma@uni.example')).toBeTruthy();
    expect(within(request).getByText(/2026/)).toBeTruthy();
    fireEvent.click(within(request).getByRole('button', { name: 'Let in as a member' }));
    // The last one decided, the card goes: an official has nothing to do there.
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Waiting to join' })).toBeNull());
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/account/join-requests/u-9/approve')).toBe(true);
  });
});
