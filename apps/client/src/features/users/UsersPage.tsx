import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { formatNumber } from '../../lib/format.ts';
import { messageOf } from '../../lib/http.ts';
import { useAccount } from '../../state/account.tsx';
import { useLanguage } from '../../state/language.tsx';
import { queryKeys } from '../../state/query-keys.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Paging } from '../../ui/Paging.tsx';
import { toast } from '../../ui/toast.ts';
import { usePage } from '../../ui/use-page.ts';
import { InstitutionReadOnlyNote } from '../billing/InstitutionReadOnlyNote.tsx';
import { useInstitutionReadOnly } from '../billing/institution-month.ts';
import { ActivityList } from './ActivityList.tsx';
import { AssignUserRoomDialog } from './AssignUserRoomDialog.tsx';
import { type ManagedUser, usersApi } from './api.ts';
import { InvitationsList, useInvitationToast } from './InvitationsList.tsx';
import { type Pending, UserConfirms } from './UserConfirms.tsx';
import { UserFormDialog } from './UserFormDialog.tsx';
import { UserRoleDialog } from './UserRoleDialog.tsx';
import { type UserAction, UserCards, UsersTable } from './UsersList.tsx';

export const PAGE_SIZE = 20;
/** Below this the table's eight columns do not fit beside the sidebar: a card per person instead. */
export const CARDS_QUERY = '(max-width: 991px)';

/** /dashbord/userManagement: the account's officials and members; add, change the role, switch, remove, assign a room. */
export function UsersPage() {
  const { t } = useLingui();
  const language = useLanguage();
  const invitationSent = useInvitationToast();
  const account = useAccount();
  const readOnly = useInstitutionReadOnly();
  const isOwner = account.type?.accountType === 'owner';
  const meId = account.info?.id;
  const cards = useMediaQuery(CARDS_QUERY, false, { getInitialValueInEffect: false }) ?? false;
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search, 300);
  // A new search starts from the first page.
  const [page, setPage] = usePage(query);
  const queryClient = useQueryClient();
  const filters = { page, pageSize: PAGE_SIZE, q: query };
  const list = useQuery({
    queryKey: queryKeys.users.list(filters),
    queryFn: () => usersApi.list(filters),
    placeholderData: keepPreviousData,
  });
  const data = list.data ?? null;
  const loadError = list.error && messageOf(list.error, language, t`An error occurred, try again`);
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<ManagedUser | null>(null);
  const [assigning, setAssigning] = useState<ManagedUser | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  /** Every change made here: the list, the invitations and the activity read again. */
  const changed = (message: string) => {
    toast.success(message);
    void queryClient.invalidateQueries({ queryKey: queryKeys.users.all });
  };

  /** The owner row belongs to the owner's profile; no one switches or removes themselves here. */
  const canManage = (u: ManagedUser) => u.role !== 'owner' && u.id !== meId;

  const onAction = (u: ManagedUser, action: UserAction) => {
    if (action === 'edit') return setEditing(u);
    if (action === 'assign') return setAssigning(u);
    if (action === 'remove') return setPending({ kind: 'remove', user: u });
    if (action === 'unassign') return setPending({ kind: 'unassign', user: u });
  };

  const names = useMemo(() => new Map((data?.users ?? []).map((u) => [u.id, `${u.fname} ${u.lname}`])), [data]);
  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const shownTotal = formatNumber(language, total);
  const openAdd = () => setFormOpen(true);
  const listProps = {
    users: data?.users ?? [],
    canManage,
    busyId,
    onAction,
    onToggle: (u: ManagedUser) => setPending({ kind: 'status', user: u }),
    readOnly,
  };

  return (
    <Stack>
      <InstitutionReadOnlyNote readOnly={readOnly} />
      <Group justify="space-between" align="flex-end">
        <TextInput
          type="search"
          label={t`Search users`}
          placeholder={t`Name or e-mail`}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={{ base: '100%', sm: 320 }}
        />
        <Button onClick={openAdd} disabled={readOnly} data-testid="add-user">
          <Trans>Add a user</Trans>
        </Button>
      </Group>
      {loadError && (
        <Alert color="red" role="alert">
          {loadError}
        </Alert>
      )}
      {!data && !loadError && <Loader aria-label={t`Loading`} />}
      {data && data.users.length === 0 && (
        <EmptyState
          title={query ? <Trans>No user matches your search</Trans> : <Trans>No users yet</Trans>}
          action={
            query ? undefined : (
              <Button onClick={openAdd} disabled={readOnly}>
                <Trans>Add a user</Trans>
              </Button>
            )
          }
        >
          <Trans>Add admins and members: they join your meetings, teams and chat.</Trans>
        </EmptyState>
      )}
      {data && data.users.length > 0 && (
        <Stack gap="sm">
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="users-total">
            {plural(total, { one: `${shownTotal} user`, other: `${shownTotal} users` })}
          </Text>
          {cards ? <UserCards {...listProps} /> : <UsersTable {...listProps} />}
          <Paging pages={pages} page={page} onChange={setPage} />
        </Stack>
      )}
      <InvitationsList onChanged={changed} readOnly={readOnly} />
      {isOwner && <ActivityList names={names} />}

      <UserFormDialog
        opened={formOpen}
        onClose={() => setFormOpen(false)}
        onAdd={async (body) => {
          const answer = await usersApi.add(body);
          const { email } = body;
          const name = `${body.fname} ${body.lname}`;
          setFormOpen(false);
          changed(answer.status === 'invited' ? invitationSent(email, answer.delivery) : t`${name} was added`);
        }}
      />
      <UserRoleDialog
        user={editing}
        onClose={() => setEditing(null)}
        onSave={async (id, body) => {
          await usersApi.update(id, body);
          setEditing(null);
          changed(t`The role was changed`);
        }}
      />
      <AssignUserRoomDialog
        user={assigning}
        onClose={() => setAssigning(null)}
        onAssigned={({ name: room }) => {
          setAssigning(null);
          changed(t`The room ${room} was assigned`);
        }}
      />
      <UserConfirms pending={pending} onClose={() => setPending(null)} onBusy={setBusyId} onDone={changed} />
    </Stack>
  );
}
