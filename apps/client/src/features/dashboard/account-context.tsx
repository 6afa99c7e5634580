import type { Bilingual } from '@majlis/i18n';
import type { SessionUser } from '@majlis/machines';
import { createContext, useContext, useEffect, useState } from 'react';
import { http } from '../../lib/http.ts';
import { navigate } from '../../lib/navigation.ts';

export interface Permission {
  showProfile: boolean;
  showMeetingRooms: boolean;
  showBilling: boolean;
  showUserManage: boolean;
  showTeams: boolean;
  showReports: boolean;
  showStorageDetails: boolean;
  showChat: boolean;
  showAccounts: boolean;
}

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

export interface StorageInfo {
  totalStorage: number;
  usedStorage: number;
  usedPercent: number;
  message: Bilingual;
}

export interface Owner {
  display_name: string;
  fname: string;
  lname: string;
  email: string;
  picture: string | null;
}

export interface UserInfo {
  id: string;
  fname: string;
  lname: string;
  email: string;
  phone: string | null;
  picture: string | null;
  locale: string;
  timeZone: string;
}

export interface Plan {
  plan: string;
  status: string;
  rooms: number;
  renewsAt: string | null;
  remainingDays: number | null;
}

/** Account context of spec §3, loaded when the dashboard opens. */
export interface AccountData {
  owner: Owner;
  permission: Permission;
  type: { type: 'indv' | 'inst'; accountType: 'owner' | 'admin' | 'member' } | null;
  storage: StorageInfo | null;
  billing: { indv: Plan | null; inst: Plan | null } | null;
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
    http.get<{ ok: boolean; owner: Owner }>('/api/current-owner').catch(() => null),
    http.get<Permission>('/api/user/permission').catch(() => NO_PERMISSION),
    http.get<AccountData['type']>('/api/account/type').catch(ignore),
    http.get<{ results: { data: StorageInfo } }>('/api/account/storage').then((r) => r.results.data, ignore),
    http.get<AccountData['billing']>('/api/billing').catch(ignore),
    http.get<Record<string, unknown>>('/api/usertrial').catch(ignore),
    http.get<{ info: UserInfo }>('/api/user/info').then((r) => r.info, ignore),
  ]);
  if (!owner?.ok) return null;
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
  useEffect(() => {
    // Account data is fetched only when a user is stored locally (spec §6).
    if (!user) return;
    let live = true;
    void loadAccountData().then((loaded) => {
      if (!live) return;
      if (loaded) setData(loaded);
      else navigate('/');
    });
    const refresh = () =>
      void http
        .get<{ results: { data: StorageInfo } }>('/api/account/storage')
        .then((r) => live && setData((d) => (d ? { ...d, storage: r.results.data } : d)), ignore);
    storageEvents.addEventListener('changed', refresh);
    return () => {
      live = false;
      storageEvents.removeEventListener('changed', refresh);
    };
  }, [user]);
  return data;
}

/** Spec §3: an owner is shown from the owner info, other roles from the session user. */
export function displayedIdentity(user: SessionUser, owner: Owner) {
  return user.role === 'owner'
    ? { name: owner.display_name || `${owner.fname} ${owner.lname}`, email: owner.email, picture: owner.picture }
    : { name: `${user.fname} ${user.lname}`, email: user.email, picture: user.picture };
}
