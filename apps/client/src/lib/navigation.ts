/**
 * Navigation seam for code outside React components (machines' actions, the HTTP client): the router installs its
 * `navigate` at start; a full page load (`hardNavigate`) is for account switching, which must drop every cache.
 */
type Navigate = (to: string) => void;

let navigateImpl: Navigate = (to) => window.location.assign(to);

export function setNavigate(fn: Navigate): void {
  navigateImpl = fn;
}

export function navigate(to: string): void {
  navigateImpl(to);
}

export const hardNavigation = {
  go(to: string): void {
    window.location.assign(to);
  },
  reload(): void {
    window.location.reload();
  },
};
