import type { SessionUser } from '@majlis/machines';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { createContext, useContext, useEffect, useRef } from 'react';
import { api, body } from '../lib/api.ts';
import { setReaderPrefs } from '../lib/format.ts';
import { navigate } from '../lib/navigation.ts';
import { useProfileLanguage } from './language.tsx';
import { queryKeys } from './query-keys.ts';

/** Wire shapes as the BFF's account routes declare them (lib/api.ts). */
export type Permission = InferResponseType<typeof api.user.permission.$get>;
export type StorageInfo = InferResponseType<typeof api.account.storage.$get>['results']['data'];
export type Owner = InferResponseType<(typeof api)['current-owner']['$get']>['owner'];
export type UserInfo = InferResponseType<typeof api.user.info.$get>['info'];
type AccountType = InferResponseType<typeof api.account.type.$get>;
type Billing = InferResponseType<typeof api.billing.$get>;

export const NO_PERMISSION: Permission = {
  showProfile: false,
  showMeetingRooms: false,
  showBilling: false,
  showUserManage: false,
  showTeams: false,
  showReports: false,
  showStorageDetails: false,
  showChat: false,
  showAccounts: false,
};

/** Account context of spec §3, loaded when the dashboard opens. */
export interface AccountData {
  owner: Owner;
  permission: Permission;
  type: AccountType | null;
  storage: StorageInfo | null;
  billing: Billing | null;
  usertrial: Record<string, unknown> | null;
  info: UserInfo | null;
}

const AccountContext = createContext<AccountData | null>(null);
export const AccountDataProvider = AccountContext.Provider;

export function useAccount(): AccountData {
  const value = useContext(AccountContext);
  if (!value) throw new Error('useAccount outside the dashboard');
  return value;
}

const ignore = () => null;
const readStorage = () => body(api.account.storage.$get()).then((r) => r.results.data);

type AccountBlock = Omit<AccountData, 'storage'>;

/**
 * Owner check first in importance: until it answers the dashboard shows a spinner, and its failure goes to `/`
 * (spec §2, §8). Billing, user info, trial and type failures are ignored (spec §7). Storage is its own query
 * (queryKeys.account.storage): rooms and storage notifications invalidate it alone.
 */
async function loadAccountBlock(): Promise<AccountBlock | null> {
  const [owner, permission, type, billing, usertrial, info] = await Promise.all([
    body(api['current-owner'].$get()).catch(ignore),
    body(api.user.permission.$get()).catch(() => NO_PERMISSION),
    body(api.account.type.$get()).catch(ignore),
    body(api.billing.$get()).catch(ignore),
    body(api.usertrial.$get()).catch(ignore),
    body(api.user.info.$get()).then((r) => r.info, ignore),
  ]);
  if (!owner?.ok) return null;
  // One clock and one digit style on every page from here on (lib/format.ts).
  if (info) setReaderPrefs({ digits: info.digits, timeZone: info.timeZone, hijri: info.hijri });
  return { owner: owner.owner, permission: { ...NO_PERMISSION, ...permission }, type, billing, usertrial, info };
}

/** The dashboard's account data (spec §3), null until the owner check and the storage have answered. */
export function useAccountData(user: SessionUser | null): AccountData | null {
  const profileLanguage = useProfileLanguage();
  // Account data is fetched only when a user is stored locally (spec §6).
  const block = useQuery({
    queryKey: queryKeys.account.data(user?.id ?? '', user?.ownerId ?? ''),
    queryFn: loadAccountBlock,
    enabled: !!user,
  });
  // A saved profile (a new session user: name, language, digits, zone, Hijri) is read again here, as the account
  // block carries the profile's language and the reader's clock and digits; the last answer stays on screen meanwhile.
  const queryClient = useQueryClient();
  const seen = useRef(user);
  useEffect(() => {
    if (user && seen.current && seen.current !== user) {
      void queryClient.invalidateQueries({ queryKey: queryKeys.account.data(user.id, user.ownerId) });
    }
    seen.current = user;
  }, [user, queryClient]);
  // A failed storage read is ignored (spec §7): a first failure shows no block, a later one keeps the last answer.
  const storage = useQuery({ queryKey: queryKeys.account.storage, queryFn: readStorage, enabled: !!user });
  useEffect(() => {
    if (block.data === null) navigate('/');
    else if (block.data?.info) profileLanguage(block.data.info.locale);
  }, [block.data, profileLanguage]);
  if (!block.data || storage.isPending) return null;
  return { ...block.data, storage: storage.data ?? null };
}

/** Spec §3: an owner is shown from the owner info, other roles from the session user. */
export function displayedIdentity(user: SessionUser, owner: Owner) {
  return user.role === 'owner'
    ? { name: owner.display_name || `${owner.fname} ${owner.lname}`, email: owner.email, picture: owner.picture }
    : { name: `${user.fname} ${user.lname}`, email: user.email, picture: user.picture };
}
