import { act, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { Providers } from '../app/Providers.tsx';
import { routes } from '../app/routes.tsx';
import { applyDocumentLanguage } from '../i18n/i18n.ts';
import { setNavigate } from '../lib/navigation.ts';
import { initialLocale } from '../state/language.tsx';
import { QueryProvider } from '../state/QueryProvider.tsx';

export interface FakeResponse {
  status?: number;
  body?: unknown;
}

/** A fake BFF: `routes` maps "METHOD /path" to an answer (or a function giving one); everything is recorded. */
export function fakeBff(
  handlers: Record<string, FakeResponse | ((init: RequestInit) => FakeResponse | Promise<FakeResponse>)>,
) {
  const calls: { method: string; path: string; headers: Record<string, string>; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    // Header names lower-case, as a browser's Headers gives them (happy-dom keeps the case they were set with).
    const headers = Object.fromEntries([...new Headers(init.headers)].map(([k, v]) => [k.toLowerCase(), v]));
    calls.push({ method, path: url.pathname, headers, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const handler = handlers[`${method} ${url.pathname}`];
    const answer =
      typeof handler === 'function' ? await handler(init) : (handler ?? { status: 404, body: { code: 'NOT_FOUND' } });
    return new Response(JSON.stringify(answer.body ?? {}), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/** The whole app in a memory router, as main.tsx builds it. */
export async function renderApp(path = '/') {
  await applyDocumentLanguage(initialLocale());
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  setNavigate((to) => void router.navigate(to));
  const view = render(
    <Providers env="test">
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, view };
}

/** A component inside the app's providers, with the stored language already applied (as main.tsx does). */
export async function renderWithProviders(ui: ReactNode) {
  await applyDocumentLanguage(initialLocale());
  return render(
    <Providers env="test">
      <QueryProvider>{ui}</QueryProvider>
    </Providers>,
  );
}

export async function flush() {
  await act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });
}

export const demoUser = {
  id: 'u-1',
  ownerId: 'acc-1',
  role: 'owner' as const,
  fname: 'Salma',
  lname: 'Hassan',
  email: 'salma@example.test',
  picture: null,
};

export const contactConfig = [
  {
    phoneMs: '+201001234567',
    phone2: '+201112345678',
    email: 'support@majlis.test',
    whatsapp: '+201001234567',
    facebook: 'https://facebook.com/majlis',
    twitter: 'https://x.com/majlis',
    linkedin: 'https://linkedin.com/company/majlis',
    youtube: 'https://youtube.com/@majlis',
    taxNumber: '123-456-789',
    address: { ar: 'القاهرة، مصر', en: 'Cairo, Egypt' },
  },
];

/** The account calls the dashboard makes, answered as for an individual owner. */
export function dashboardHandlers(overrides: Record<string, FakeResponse> = {}) {
  return {
    'GET /api/csrf-token': { body: { getCsrfToken: 'token-1' } },
    'GET /api/config/contact': { body: contactConfig },
    'GET /api/current-owner': {
      body: {
        ok: true,
        owner: { display_name: 'Salma Hassan', fname: 'Salma', lname: 'Hassan', email: demoUser.email, picture: null },
      },
    },
    'GET /api/user/permission': {
      body: {
        showProfile: true,
        showMeetingRooms: true,
        showBilling: true,
        showUserManage: false,
        showTeams: false,
        showReports: true,
        showStorageDetails: true,
        showChat: false,
        showAccounts: true,
      },
    },
    'GET /api/account/type': { body: { type: 'indv', accountType: 'owner' } },
    'GET /api/account/storage': {
      body: {
        results: {
          data: {
            totalStorage: 100,
            usedStorage: 40,
            usedPercent: 40,
            message: { ar: 'استخدمت ٤٠٪', en: 'You used 40%' },
          },
        },
      },
    },
    'GET /api/billing': { body: { indv: null, inst: null } },
    'GET /api/usertrial': { body: { eligible: true, active: false } },
    // The profile's language is the one the test's browser holds: signed in, the profile's decides (issue 17).
    'GET /api/user/info': () => ({
      body: {
        info: {
          ...demoUser,
          phone: '+201001234567',
          locale: localStorage.getItem('MajlisLang') === 'En' ? 'en' : 'ar',
          timeZone: 'Africa/Cairo',
        },
      },
    }),
    'GET /api/logout': { body: { ok: true } },
    ...overrides,
  };
}
