import type { InstitutionMonth } from '@majlis/contracts/institution-month';
import { useEffect, useState } from 'react';
import { api, body } from '../../lib/api.ts';
import { useAccount } from '../dashboard/account-context.tsx';

/**
 * GET /api/billing/institution-month, for the institution's officials (owner and admins) only: `null` for anyone else,
 * while it loads, or when it cannot be read (then nothing is held back: the server still refuses a lapsed write).
 * Read again whenever `again` changes (the banner passes the page's path, so a renewal just paid shows at once).
 */
export function useInstitutionMonth(again?: unknown): InstitutionMonth | null {
  const account = useAccount();
  const official = account.type?.type === 'inst' && account.permission.showUserManage;
  const [month, setMonth] = useState<InstitutionMonth | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `again` is the trigger to read it again, not an input.
  useEffect(() => {
    if (!official) {
      setMonth(null);
      return;
    }
    let live = true;
    body(api.billing['institution-month'].$get()).then(
      (m) => live && setMonth(m),
      () => live && setMonth(null),
    );
    return () => {
      live = false;
    };
  }, [official, again]);

  return official ? month : null;
}

/** Whether the institution's administration is read-only now (lapsed: 409 INSTITUTION_LAPSED on its writes). */
export function useInstitutionReadOnly(): boolean {
  return useInstitutionMonth()?.state === 'lapsed';
}
