import { QueryClient } from '@tanstack/react-query';

/**
 * The one cache of server state (CONTRIBUTING, "Server state"). Its defaults keep what the pages did by hand:
 * - `gcTime: 0`: a page reads afresh each time it opens and nothing outlives it (no answer of a previous user).
 * - `retry: false`: a failure shows at once (spec §8); the user retries.
 * - `networkMode: 'always'`: a request goes out even when the browser thinks it is offline, and fails visibly.
 * - `refetchOnWindowFocus: false`: pages change when the user or a socket event says so (state/live-queries.tsx).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { gcTime: 0, retry: false, networkMode: 'always', refetchOnWindowFocus: false },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
