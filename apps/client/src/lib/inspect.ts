import type { InspectionEvent } from 'xstate';

/**
 * The Stately inspector (issue 17): in development, with `?inspect` in the address (remembered for the tab's later
 * loads) or `localStorage.inspect = '1'`, the app's statecharts show live in Stately's inspector window. The package
 * is reached only through a dynamic import behind `import.meta.env.DEV`, which the production build folds to false,
 * so the built app holds none of it (checked after `npm run build`: no "statelyai" in dist).
 *
 * Actors start before the package has loaded: what they report meanwhile is kept (up to MAX_QUEUED) and handed over.
 */
const MAX_QUEUED = 2000;

function wanted(): boolean {
  try {
    if (new URLSearchParams(window.location.search).has('inspect')) sessionStorage.setItem('inspect', '1');
    return sessionStorage.getItem('inspect') === '1' || localStorage.getItem('inspect') === '1';
  } catch {
    return false;
  }
}

function devInspector(): ((event: InspectionEvent) => void) | undefined {
  if (typeof window === 'undefined' || !wanted()) return undefined;
  const queued: InspectionEvent[] = [];
  let forward: ((event: InspectionEvent) => void) | null = null;
  import('@statelyai/inspect')
    .then(({ createBrowserInspector }) => {
      const inspector = createBrowserInspector();
      forward = (event) => inspector.inspect.next?.(event);
      for (const event of queued.splice(0)) forward(event);
    })
    .catch((err: unknown) => console.warn('Stately inspector not loaded', err));
  return (event) => {
    if (forward) forward(event);
    else if (queued.length < MAX_QUEUED) queued.push(event);
  };
}

/** Passed as `inspect` to the app's actors: undefined in production and when not asked for. */
export const inspect: ((event: InspectionEvent) => void) | undefined = import.meta.env.DEV ? devInspector() : undefined;
