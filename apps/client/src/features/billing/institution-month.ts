import type { InstitutionMonth } from '@majlis/contracts/institution-month';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, body } from '../../lib/api.ts';
import { useAccount } from '../../state/account.tsx';
import { queryKeys } from '../../state/query-keys.ts';

/**
 * GET /api/billing/institution-month, for the institution's officials (owner and admins) only: `null` for anyone else,
 * while it loads, or when it cannot be read (then nothing is held back: the server still refuses a lapsed write).
 * Read again whenever `again` changes (the banner passes the page's path, so a renewal just paid shows at once).
 */
export function useInstitutionMonth(again?: unknown): InstitutionMonth | null {
  const account = useAccount();
  const official = account.type?.type === 'inst' && account.permission.showUserManage;
  const read = useQuery({
    queryKey: queryKeys.billing.institutionMonth(again),
    queryFn: () => body(api.billing['institution-month'].$get()),
    enabled: official,
    // The last answer stays shown while the next page's read is under way.
    placeholderData: keepPreviousData,
  });
  return official && !read.isError ? (read.data ?? null) : null;
}

/** Whether the institution's administration is read-only now (lapsed: 409 INSTITUTION_LAPSED on its writes). */
export function useInstitutionReadOnly(): boolean {
  return useInstitutionMonth()?.state === 'lapsed';
}
