import { Outlet, type RouteObject, ScrollRestoration } from 'react-router';
import { CookieBanner } from '../features/cookie-consent/CookieBanner.tsx';
import HomeLayout from '../layouts/HomeLayout.tsx';
import { ErrorScreen } from '../ui/ErrorBoundary.tsx';
import { firstPages } from './first-pages.ts';

type PageModule = { default: React.ComponentType };
/** Every page is its own chunk (route-level code splitting). */
const page = (load: () => Promise<PageModule>) => async () => ({ Component: (await load()).default });

/** Around every page: the cookie banner stays until answered, on any route. */
function Root() {
  return (
    <>
      <Outlet />
      <CookieBanner />
      <ScrollRestoration />
    </>
  );
}

/** Spec §2 routes, verbatim (typos included: `dashbord`, `calender`). */
const pages: RouteObject[] = [
  {
    element: <HomeLayout />,
    errorElement: <ErrorScreen />,
    children: [
      { path: '/', lazy: page(firstPages.home) },
      { path: '/home/whoarewe', lazy: page(() => import('../routes/whoarewe.tsx')) },
      { path: '/home/conditions', lazy: page(() => import('../routes/conditions.tsx')) },
      { path: '/home/privacy', lazy: page(() => import('../routes/privacy.tsx')) },
      { path: '/home/contact', lazy: page(() => import('../routes/contact.tsx')) },
      { path: '/home/pricing', lazy: page(() => import('../routes/pricing.tsx')) },
      { path: '/login', lazy: page(firstPages.login) },
      { path: '/register', lazy: page(() => import('../routes/register.tsx')) },
      { path: '/register/confirm', lazy: page(() => import('../routes/register-confirm.tsx')) },
      { path: '/password/forgot', lazy: page(() => import('../routes/password-forgot.tsx')) },
      { path: '/password/reset', lazy: page(() => import('../routes/password-reset.tsx')) },
      { path: '/invite/:token', lazy: page(() => import('../routes/invite-accept.tsx')) },
      {
        lazy: page(firstPages.guestLayout),
        children: [
          { path: '/join', lazy: page(firstPages.join) },
          { path: '/join/:number', lazy: page(firstPages.join) },
        ],
      },
      {
        lazy: page(() => import('../layouts/RecodDownloadLayout.tsx')),
        children: [{ path: '/recording/:id', lazy: page(() => import('../routes/recording.tsx')) }],
      },
      { path: '*', lazy: page(() => import('../routes/not-found.tsx')) },
    ],
  },
  // The sandbox provider's checkout: a page of its own (signed in), not the site's or the dashboard's frame.
  {
    path: '/billing/sandbox/:ref',
    lazy: page(() => import('../routes/billing-sandbox.tsx')),
    errorElement: <ErrorScreen />,
  },
  {
    path: '/dashbord',
    lazy: page(() => import('../layouts/dash/DashLayout.tsx')),
    errorElement: <ErrorScreen />,
    children: [
      { index: true, lazy: page(() => import('../routes/dashbord/go-to-meetings.tsx')) },
      { path: 'profile', lazy: page(() => import('../routes/dashbord/profile.tsx')) },
      { path: 'meeting', lazy: page(() => import('../routes/dashbord/meeting.tsx')) },
      { path: 'calender', lazy: page(() => import('../routes/dashbord/calender.tsx')) },
      { path: 'recordings', lazy: page(() => import('../routes/dashbord/recordings.tsx')) },
      { path: 'roomManagement', lazy: page(() => import('../routes/dashbord/room-management.tsx')) },
      { path: 'billing', lazy: page(() => import('../routes/dashbord/billing.tsx')) },
      { path: 'billing/payment/:orderId', lazy: page(() => import('../routes/dashbord/billing-payment.tsx')) },
      { path: 'billing/invoices/:id', lazy: page(() => import('../routes/dashbord/billing-invoice.tsx')) },
      { path: 'userManagement', lazy: page(() => import('../routes/dashbord/user-management.tsx')) },
      { path: 'teamsManagement', lazy: page(() => import('../routes/dashbord/teams-management.tsx')) },
      { path: 'reports/meetings_reports', lazy: page(() => import('../routes/dashbord/meetings-reports.tsx')) },
      { path: 'roomReports', lazy: page(() => import('../routes/dashbord/room-reports.tsx')) },
      { path: '*', lazy: page(() => import('../routes/not-found.tsx')) },
    ],
  },
];

/** Shown while the first page's chunk loads (before that, the page is blank anyway). */
function FirstLoad() {
  return null;
}

export const routes: RouteObject[] = [
  { element: <Root />, errorElement: <ErrorScreen />, HydrateFallback: FirstLoad, children: pages },
];
