import { type ComponentType, lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { Outlet, type RouteObject, useLocation, useRoutes } from 'react-router';
import { CookieBanner } from '../features/cookie-consent/CookieBanner.tsx';
import HomeLayout from '../layouts/HomeLayout.tsx';
import { ErrorScreen } from '../ui/ErrorBoundary.tsx';
import { firstPages } from './first-pages.ts';

type PageModule = { default: ComponentType };
/**
 * Every page is its own chunk (route-level code splitting), a React.lazy element: the declarative router (issue 28)
 * leaves out the data router's code (~13 kB gzip of the first load), and a prerendered page hydrates as soon as its
 * chunk is there (the Suspense boundary in Root keeps the server's HTML until then).
 */
const page = (load: () => Promise<PageModule>) => {
  const Page = lazy(load);
  return { element: <Page /> };
};

/** A new page starts at its top, or at the element its #hash names (what the data router's ScrollRestoration did). */
function ScrollToTop() {
  const { pathname, hash } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new pathname is what the effect runs for
  useEffect(() => {
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}

const noSubscription = () => () => {};
/** False while a prerendered page is rendered or hydrated, true from then on (and at once without prerendering). */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * Around every page: the cookie banner stays until answered, on any route. One Suspense boundary for every lazy page:
 * a navigation is a transition (BrowserRouter), so the page shown stays until the next one's chunk has loaded. The
 * banner depends on this browser's cookies and screen, which a prerendered page cannot know: it comes once the page is
 * hydrated (and so is never the page's largest paint, issue 28).
 */
function Root() {
  const hydrated = useHydrated();
  return (
    <>
      <Suspense fallback={null}>
        <Outlet />
      </Suspense>
      {hydrated && <CookieBanner />}
      <ScrollToTop />
    </>
  );
}

/** Spec §2 routes, verbatim (typos included: `dashbord`, `calender`). */
const pages: RouteObject[] = [
  {
    element: <HomeLayout />,
    errorElement: <ErrorScreen />,
    children: [
      { path: '/', ...page(firstPages.home) },
      { path: '/home/whoarewe', ...page(() => import('../routes/whoarewe.tsx')) },
      { path: '/home/conditions', ...page(() => import('../routes/conditions.tsx')) },
      { path: '/home/privacy', ...page(() => import('../routes/privacy.tsx')) },
      { path: '/home/contact', ...page(() => import('../routes/contact.tsx')) },
      { path: '/home/pricing', ...page(() => import('../routes/pricing.tsx')) },
      { path: '/login', ...page(firstPages.login) },
      { path: '/register', ...page(() => import('../routes/register.tsx')) },
      { path: '/register/confirm', ...page(() => import('../routes/register-confirm.tsx')) },
      { path: '/password/forgot', ...page(() => import('../routes/password-forgot.tsx')) },
      { path: '/password/reset', ...page(() => import('../routes/password-reset.tsx')) },
      { path: '/invite/:token', ...page(() => import('../routes/invite-accept.tsx')) },
      {
        ...page(firstPages.guestLayout),
        children: [
          { path: '/join', ...page(firstPages.join) },
          { path: '/join/:number', ...page(firstPages.join) },
        ],
      },
      {
        ...page(() => import('../layouts/RecodDownloadLayout.tsx')),
        children: [{ path: '/recording/:id', ...page(() => import('../routes/recording.tsx')) }],
      },
      { path: '*', ...page(() => import('../routes/not-found.tsx')) },
    ],
  },
  // The sandbox provider's checkout: a page of its own (signed in), not the site's or the dashboard's frame.
  {
    path: '/billing/sandbox/:ref',
    ...page(() => import('../routes/billing-sandbox.tsx')),
    errorElement: <ErrorScreen />,
  },
  {
    path: '/dashbord',
    ...page(() => import('../layouts/dash/DashLayout.tsx')),
    errorElement: <ErrorScreen />,
    children: [
      { index: true, ...page(() => import('../routes/dashbord/go-to-meetings.tsx')) },
      { path: 'profile', ...page(() => import('../routes/dashbord/profile.tsx')) },
      { path: 'meeting', ...page(() => import('../routes/dashbord/meeting.tsx')) },
      { path: 'calender', ...page(() => import('../routes/dashbord/calender.tsx')) },
      { path: 'recordings', ...page(() => import('../routes/dashbord/recordings.tsx')) },
      { path: 'roomManagement', ...page(() => import('../routes/dashbord/room-management.tsx')) },
      { path: 'billing', ...page(() => import('../routes/dashbord/billing.tsx')) },
      { path: 'billing/payment/:orderId', ...page(() => import('../routes/dashbord/billing-payment.tsx')) },
      { path: 'billing/invoices/:id', ...page(() => import('../routes/dashbord/billing-invoice.tsx')) },
      { path: 'userManagement', ...page(() => import('../routes/dashbord/user-management.tsx')) },
      { path: 'teamsManagement', ...page(() => import('../routes/dashbord/teams-management.tsx')) },
      { path: 'reports/meetings_reports', ...page(() => import('../routes/dashbord/meetings-reports.tsx')) },
      { path: 'roomReports', ...page(() => import('../routes/dashbord/room-reports.tsx')) },
      { path: '*', ...page(() => import('../routes/not-found.tsx')) },
    ],
  },
];

export const routes: RouteObject[] = [{ element: <Root />, errorElement: <ErrorScreen />, children: pages }];

/** The app's pages under a `<BrowserRouter>` (main.tsx) or a `<StaticRouter>` (prerender.tsx). */
export function AppRoutes() {
  return useRoutes(routes);
}
