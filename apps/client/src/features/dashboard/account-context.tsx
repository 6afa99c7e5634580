import type { SessionUser } from '@majlis/machines';
import type { InferResponseType } from 'hono/client';
import { createContext, useContext, useEffect, useState } from 'react';
import { api, body } from '../../lib/api.ts';
import { setReaderPrefs } from '../../lib/format.ts';
import { navigate } from '../../lib/navigation.ts';
import { useProfileLanguage } from '../../state/language.tsx';

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

/** Storage changes (a room added or removed, a storage notification): the dashboard re-reads its storage block. */
const storageEvents = new EventTarget();
export function storageChanged(): void {
  storageEvents.dispatchEvent(new Event('changed'));
}

/**
 * Owner check first in importance: until it answers the dashboard shows a spinner, and its failure goes to `/`
 * (spec §2, §8). Billing, user info, trial, type and storage failures are ignored (spec §7).
 */
export async function loadAccountData(): Promise<AccountData | null> {
  const [owner, permission, type, storage, billing, usertrial, info] = await Promise.all([
    body(api['current-owner'].$get()).catch(ignore),
    body(api.user.permission.$get()).catch(() => NO_PERMISSION),
    body(api.account.type.$get()).catch(ignore),
    readStorage().catch(ignore),
    body(api.billing.$get()).catch(ignore),
    body(api.usertrial.$get()).catch(ignore),
    body(api.user.info.$get()).then((r) => r.info, ignore),
  ]);
  if (!owner?.ok) return null;
  // One clock and one digit style on every page from here on (lib/format.ts).
  if (info) setReaderPrefs({ digits: info.digits, timeZone: info.timeZone, hijri: info.hijri });
  return {
    owner: owner.owner,
    permission: { ...NO_PERMISSION, ...permission },
    type,
    storage,
    billing,
    usertrial,
    info,
  };
}

export function useAccountData(user: SessionUser | null): AccountData | null {
  const [data, setData] = useState<AccountData | null>(null);
  const profileLanguage = useProfileLanguage();
  useEffect(() => {
    // Account data is fetched only when a user is stored locally (spec §6).
    if (!user) return;
    let live = true;
    void loadAccountData().then((loaded) => {
      if (!live) return;
      if (loaded?.info) profileLanguage(loaded.info.locale);
      if (loaded) setData(loaded);
      else navigate('/');
    });
    const refresh = () =>
      void readStorage().then((storage) => live && setData((d) => (d ? { ...d, storage } : d)), ignore);
    storageEvents.addEventListener('changed', refresh);
    return () => {
      live = false;
      storageEvents.removeEventListener('changed', refresh);
    };
  }, [user, profileLanguage]);
  return data;
}

/** Spec §3: an owner is shown from the owner info, other roles from the session user. */
export function displayedIdentity(user: SessionUser, owner: Owner) {
  return user.role === 'owner'
    ? { name: owner.display_name || `${owner.fname} ${owner.lname}`, email: owner.email, picture: owner.picture }
    : { name: `${user.fname} ${user.lname}`, email: user.email, picture: user.picture };
}
