/**
 * The route modules of the pages people arrive on (the landing page, sign-in, an invitation's /join link), shared
 * by the router (routes.tsx) and the entry script: the entry asks for the one the address names before the app's
 * own code has even arrived, so the page's chunk loads beside it instead of after it (issue 14). The same import()
 * is the same module, so the router then finds it loaded.
 */
export const firstPages = {
  home: () => import('../routes/home.tsx'),
  login: () => import('../routes/login.tsx'),
  guestLayout: () => import('../layouts/GuestLayout.tsx'),
  join: () => import('../routes/join.tsx'),
};

/** A failed fetch here is reported by the router, which asks for the same module (the error screen), not twice. */
const quietly = (load: () => Promise<unknown>) => void load().catch(() => {});

export function startFirstPage(path: string): void {
  if (path === '/') quietly(firstPages.home);
  else if (path === '/login') quietly(firstPages.login);
  else if (path === '/join' || path.startsWith('/join/')) {
    quietly(firstPages.guestLayout);
    quietly(firstPages.join);
  }
}
