import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { createQueryClient } from './query-client.ts';

/**
 * The server-state cache, given by the dashboard's layout rather than the app's root: only signed-in pages read
 * through queries, so the public pages' first load (issue 28's budget) does not carry the query library.
 * One cache per mount (and per test render, so no test sees another's answers).
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
