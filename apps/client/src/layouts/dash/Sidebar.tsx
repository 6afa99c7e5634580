import { Trans, useLingui } from '@lingui/react/macro';
import { Tooltip, useDirection } from '@mantine/core';
import { useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { StorageBlock } from '../../features/dashboard/StorageBlock.tsx';
import type { AccountData } from '../../state/account.tsx';
import { Icon, type IconName } from '../../ui/icons.tsx';
import { Logo } from '../../ui/Logo.tsx';

interface Item {
  to: string;
  label: string;
  icon: IconName;
}

/** Groups open when the current path is one of theirs (spec §2); roomReports belongs to reports. */
export const GROUP_PATHS = {
  users: ['/dashbord/userManagement', '/dashbord/teamsManagement'],
  reports: ['/dashbord/reports/meetings_reports', '/dashbord/roomReports'],
} as const;

function SideLink({ item, collapsed }: { item: Item; collapsed: boolean }) {
  const { dir } = useDirection();
  const link = (
    <NavLink to={item.to} className="side-link" aria-label={collapsed ? item.label : undefined}>
      <Icon name={item.icon} />
      <span className="side-link__label">{item.label}</span>
    </NavLink>
  );
  return collapsed ? (
    <Tooltip label={item.label} position={dir === 'rtl' ? 'left' : 'right'} withinPortal>
      {link}
    </Tooltip>
  ) : (
    link
  );
}

function Group({
  id,
  label,
  icon,
  items,
  collapsed,
}: {
  id: keyof typeof GROUP_PATHS;
  label: string;
  icon: IconName;
  items: Item[];
  collapsed: boolean;
}) {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(() => GROUP_PATHS[id].some((p) => pathname.startsWith(p)));
  if (!items.length) return null;
  return (
    <div className="side-group">
      <button
        type="button"
        className="side-link"
        aria-expanded={open}
        aria-controls={`side-group-${id}`}
        aria-label={collapsed ? label : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        <Icon name={icon} />
        <span className="side-link__label">{label}</span>
        <Icon name="chevron" size={16} className="side-link__chevron" />
      </button>
      {open && (
        <div className="side-group__items" id={`side-group-${id}`}>
          {items.map((item) => (
            <SideLink key={item.to} item={item} collapsed={collapsed} />
          ))}
        </div>
      )}
    </div>
  );
}

export function Sidebar({
  account,
  role,
  collapsed,
  inDrawer = false,
}: {
  account: AccountData;
  role: string;
  collapsed: boolean;
  /** In the phone's drawer, whose header carries the logo. */
  inDrawer?: boolean;
}) {
  const { t } = useLingui();
  const p = account.permission;
  const main: Item[] = [
    ...(p.showProfile ? [{ to: '/dashbord/profile', label: t`Profile`, icon: 'user' as const }] : []),
    { to: '/dashbord/meeting', label: t`Meetings`, icon: 'video' },
    { to: '/dashbord/calender', label: t`Meeting organiser`, icon: 'calendar' },
    { to: '/dashbord/recordings', label: t`Recordings`, icon: 'record' },
  ];
  const admin: Item[] = [
    ...(p.showMeetingRooms ? [{ to: '/dashbord/roomManagement', label: t`Meeting rooms`, icon: 'door' as const }] : []),
    ...(p.showBilling ? [{ to: '/dashbord/billing', label: t`Billing`, icon: 'card' as const }] : []),
  ];
  const users: Item[] = [
    ...(p.showUserManage
      ? [{ to: '/dashbord/userManagement', label: t`Officials and members`, icon: 'users' as const }]
      : []),
    ...(p.showUserManage && p.showTeams
      ? [{ to: '/dashbord/teamsManagement', label: t`Teams`, icon: 'team' as const }]
      : []),
  ];
  const reports: Item[] = p.showReports
    ? [
        { to: '/dashbord/reports/meetings_reports', label: t`Meeting report`, icon: 'chart' },
        { to: '/dashbord/roomReports', label: t`Room report`, icon: 'chart' },
      ]
    : [];
  return (
    <aside
      className={inDrawer ? 'sidebar sidebar--drawer' : 'sidebar'}
      data-collapsed={collapsed || undefined}
      data-testid="sidebar"
      aria-label={t`Dashboard`}
    >
      {!inDrawer && (
        <div className="sidebar__head">
          <Logo compact={collapsed} />
        </div>
      )}
      <nav className="sidebar__nav">
        {main.map((item) => (
          <SideLink key={item.to} item={item} collapsed={collapsed} />
        ))}
        {role !== 'member' && (
          <h2 className="sidebar__heading" data-testid="admin-heading">
            <Trans>Administration</Trans>
          </h2>
        )}
        {admin.map((item) => (
          <SideLink key={item.to} item={item} collapsed={collapsed} />
        ))}
        <Group id="users" label={t`User management`} icon="users" items={users} collapsed={collapsed} />
        <Group id="reports" label={t`Reports`} icon="chart" items={reports} collapsed={collapsed} />
      </nav>
      <StorageBlock storage={account.storage} permission={p} collapsed={collapsed} />
    </aside>
  );
}
