/**
 * The installable app (issue 31), kept apart from the app's start (entry.ts imports it last): registers the service
 * worker (public/sw.js, scope /), keeps the manifest link in the page's language, and holds the browser's install
 * prompt for the profile to offer once.
 */

interface InstallPrompt extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let installPrompt: InstallPrompt | null = null;
const listeners = new Set<() => void>();

/** The install prompt the browser offered, if any and not used yet. */
export const pendingInstall = () => installPrompt;
export function onInstallChange(f: () => void) {
  listeners.add(f);
  return () => void listeners.delete(f);
}

/** Shows the browser's install dialog; the prompt can be used once. */
export async function promptInstall(): Promise<boolean> {
  const p = installPrompt;
  if (!p) return false;
  installPrompt = null;
  for (const f of listeners) f();
  await p.prompt();
  return (await p.userChoice).outcome === 'accepted';
}

/** The manifest of the page's language: name, short name and direction in Arabic or English. */
function syncManifest() {
  const lang = document.documentElement.lang === 'en' ? 'en' : 'ar';
  let link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'manifest';
    document.head.append(link);
  }
  const href = `/manifest.${lang}.webmanifest`;
  if (link.getAttribute('href') !== href) link.setAttribute('href', href);
}

export function startPwa() {
  syncManifest();
  new MutationObserver(syncManifest).observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });
  window.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault();
    installPrompt = e as InstallPrompt;
    for (const f of listeners) f();
  });
  if ('serviceWorker' in navigator && import.meta.env.PROD) {
    const register = () =>
      navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
        // no service worker (private mode, an old browser): the app works as a plain page
      });
    if (document.readyState === 'complete') void register();
    else window.addEventListener('load', () => void register(), { once: true });
  }
}
