import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Card, Group, Menu, Stack, Switch, Table, Text, VisuallyHidden } from '@mantine/core';
import { browserTimeZone, formatPhone, formatWhen } from '../../lib/format.ts';
import { useAccount } from '../../state/account.tsx';
import { useLanguage } from '../../state/language.tsx';
import type { ManagedUser } from './api.ts';

export type UserAction = 'edit' | 'remove' | 'assign' | 'unassign';

export interface UsersListProps {
  users: ManagedUser[];
  /** Whether the acting user may change the role of, switch or remove this row (not the owner, not themselves). */
  canManage: (user: ManagedUser) => boolean;
  busyId: string | null;
  onAction: (user: ManagedUser, action: UserAction) => void;
  /** The switch asks first (ConfirmDialog on the page); this only reports the wish. */
  onToggle: (user: ManagedUser) => void;
  /** The institution's month lapsed: every change here waits for its renewal (the server answers 409). */
  readOnly?: boolean;
}

function useLabels() {
  const { t } = useLingui();
  const language = useLanguage();
  const timeZone = useAccount().info?.timeZone ?? browserTimeZone();
  const roles: Record<ManagedUser['role'], string> = { owner: t`Owner`, admin: t`Admin`, member: t`Member` };
  const role = (r: ManagedUser['role']) => roles[r];
  const lastSignIn = (u: ManagedUser) =>
    u.lastSignInAt ? formatWhen(language, u.lastSignInAt, timeZone, { weekday: undefined }) : t`Never`;
  return { role, lastSignIn };
}

function StatusSwitch({ user, props }: { user: ManagedUser; props: UsersListProps }) {
  const { t } = useLingui();
  const name = `${user.fname} ${user.lname}`;
  return (
    <Switch
      checked={user.active}
      disabled={props.readOnly || !props.canManage(user) || props.busyId === user.id}
      onChange={() => props.onToggle(user)}
      label={user.active ? t({ message: 'Active', context: 'user' }) : t({ message: 'Inactive', context: 'user' })}
      aria-label={t`Active: ${name}`}
      data-testid="user-status"
    />
  );
}

function RowActions({ user, props }: { user: ManagedUser; props: UsersListProps }) {
  const name = `${user.fname} ${user.lname}`;
  const manage = props.canManage(user);
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        {/* The person's name is read out after the visible word, so the button's name starts with what it shows. */}
        <Button size="xs" variant="light" loading={props.busyId === user.id} disabled={props.readOnly}>
          <Trans>Actions</Trans>
          <VisuallyHidden>
            {' '}
            <bdi>{name}</bdi>
          </VisuallyHidden>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {manage && (
          <Menu.Item onClick={() => props.onAction(user, 'edit')}>
            <Trans>Change the role</Trans>
          </Menu.Item>
        )}
        {user.room ? (
          <Menu.Item color="orange" onClick={() => props.onAction(user, 'unassign')}>
            <Trans>De-assign the room</Trans>
          </Menu.Item>
        ) : (
          <Menu.Item onClick={() => props.onAction(user, 'assign')}>
            <Trans>Assign a room</Trans>
          </Menu.Item>
        )}
        {manage && (
          <Menu.Item color="red" onClick={() => props.onAction(user, 'remove')}>
            <Trans>Remove from the account</Trans>
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

/** Wide screens: one row per person. */
export function UsersTable(props: UsersListProps) {
  const labels = useLabels();
  const language = useLanguage();
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table striped highlightOnHover verticalSpacing="sm" data-testid="users-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>Name</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>E-mail</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Phone</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Role</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Status</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Assigned room</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Last sign-in</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Actions</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.users.map((u) => (
            <Table.Tr key={u.id} data-testid="user-row">
              <Table.Td>
                <bdi>
                  {u.fname} {u.lname}
                </bdi>
              </Table.Td>
              <Table.Td>
                <bdi dir="ltr" style={{ overflowWrap: 'anywhere' }}>
                  {u.email}
                </bdi>
              </Table.Td>
              <Table.Td>
                <bdi dir="ltr">{formatPhone(language, u.phone)}</bdi>
              </Table.Td>
              <Table.Td>{labels.role(u.role)}</Table.Td>
              <Table.Td>
                <StatusSwitch user={u} props={props} />
              </Table.Td>
              <Table.Td>{u.room ? <bdi>{u.room.name}</bdi> : '—'}</Table.Td>
              <Table.Td>{labels.lastSignIn(u)}</Table.Td>
              <Table.Td>
                <RowActions user={u} props={props} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Phones and narrow panes: a card per person, nothing wider than the screen. */
export function UserCards(props: UsersListProps) {
  return (
    <Stack gap="sm" data-testid="users-cards">
      {props.users.map((u) => (
        <UserCard key={u.id} user={u} props={props} />
      ))}
    </Stack>
  );
}

function UserCard({ user: u, props }: { user: ManagedUser; props: UsersListProps }) {
  const { t } = useLingui();
  const labels = useLabels();
  const language = useLanguage();
  const room = u.room?.name;
  return (
    <Card withBorder radius="md" padding="md" data-testid="user-row">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
            <bdi>
              {u.fname} {u.lname}
            </bdi>
          </Text>
          <Badge variant="light" style={{ flexShrink: 0 }}>
            {labels.role(u.role)}
          </Badge>
        </Group>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          <bdi dir="ltr">{u.email}</bdi>
        </Text>
        <Text size="sm">
          <bdi dir="ltr">{formatPhone(language, u.phone)}</bdi>
        </Text>
        <Text size="sm">
          {room ? (
            <Trans>
              Room: <bdi>{room}</bdi>
            </Trans>
          ) : (
            <Trans>No room assigned</Trans>
          )}
        </Text>
        <Text size="sm" c="dimmed">
          {t`Last sign-in:`} {labels.lastSignIn(u)}
        </Text>
        <Group justify="space-between" mt={4}>
          <StatusSwitch user={u} props={props} />
          <RowActions user={u} props={props} />
        </Group>
      </Stack>
    </Card>
  );
}
