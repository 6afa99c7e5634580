import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { messageOf } from '../../lib/http.ts';
import { useLanguage } from '../../state/language.tsx';
import { queryKeys } from '../../state/query-keys.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { toast } from '../../ui/toast.ts';
import { InstitutionReadOnlyNote } from '../billing/InstitutionReadOnlyNote.tsx';
import { useInstitutionReadOnly } from '../billing/institution-month.ts';
import { type ManagedTeam, type TeamPerson, teamsApi } from './api.ts';
import { MembersDialog } from './MembersDialog.tsx';
import { TeamCard } from './TeamCard.tsx';
import { TeamFormDialog } from './TeamFormDialog.tsx';

const NO_ONE: TeamPerson[] = [];

/** /dashbord/teamsManagement: the institution's teams and their members; create, rename, delete, choose members. */
export function TeamsPage() {
  const { t } = useLingui();
  const language = useLanguage();
  const readOnly = useInstitutionReadOnly();
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: queryKeys.teams.list, queryFn: teamsApi.list });
  const teams = list.data ?? null;
  const loadError = list.error && messageOf(list.error, language, t`An error occurred, try again`);
  // Who may be chosen as a member; a failed read offers no one (spec §7: ignored).
  const candidates = useQuery({ queryKey: queryKeys.teams.candidates, queryFn: teamsApi.candidates }).data ?? NO_ONE;
  const [formOpen, setFormOpen] = useState(false);
  const [renaming, setRenaming] = useState<ManagedTeam | null>(null);
  const [choosing, setChoosing] = useState<ManagedTeam | null>(null);
  const [deleting, setDeleting] = useState<ManagedTeam | null>(null);
  const [busy, setBusy] = useState(false);

  const load = () => void queryClient.invalidateQueries({ queryKey: queryKeys.teams.list });

  const openCreate = () => {
    setRenaming(null);
    setFormOpen(true);
  };

  async function confirmDelete() {
    const team = deleting;
    if (!team) return;
    setBusy(true);
    try {
      await teamsApi.remove(team._id);
      toast.success(t`The team was deleted`);
      setDeleting(null);
      load();
    } catch (e) {
      toast.error(messageOf(e, language, t`An error occurred, try again`));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack>
      <InstitutionReadOnlyNote readOnly={readOnly} />
      <Group justify="space-between">
        <Text c="dimmed" size="sm" style={{ flex: '1 1 16rem' }}>
          <Trans>A team has its own conversation in chat, shared by its members.</Trans>
        </Text>
        <Button onClick={openCreate} disabled={readOnly} data-testid="add-team">
          <Trans>Add a team</Trans>
        </Button>
      </Group>
      {loadError && (
        <Alert color="red" role="alert">
          {loadError}
        </Alert>
      )}
      {!teams && !loadError && <Loader aria-label={t`Loading`} />}
      {teams?.length === 0 && (
        <EmptyState
          title={<Trans>No teams yet</Trans>}
          action={
            <Button onClick={openCreate} disabled={readOnly}>
              <Trans>Add a team</Trans>
            </Button>
          }
        >
          <Trans>Group the people of your institution into teams; each team chats in its own conversation.</Trans>
        </EmptyState>
      )}
      {teams && teams.length > 0 && (
        <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }}>
          {teams.map((team) => (
            <TeamCard
              key={team._id}
              team={team}
              readOnly={readOnly}
              onRename={() => {
                setRenaming(team);
                setFormOpen(true);
              }}
              onMembers={() => setChoosing(team)}
              onDelete={() => setDeleting(team)}
            />
          ))}
        </SimpleGrid>
      )}

      <TeamFormDialog
        opened={formOpen}
        team={renaming}
        onClose={() => setFormOpen(false)}
        onSaved={() => {
          toast.success(renaming ? t`The team was renamed` : t`The team was added`);
          setFormOpen(false);
          load();
        }}
      />
      <MembersDialog
        team={choosing}
        candidates={candidates}
        onClose={() => setChoosing(null)}
        onSaved={() => {
          toast.success(t`The team's members were saved`);
          setChoosing(null);
          load();
        }}
      />
      <ConfirmDialog
        opened={!!deleting}
        title={t`Delete the team`}
        confirmLabel={t`Delete`}
        busy={busy}
        onClose={() => setDeleting(null)}
        onConfirm={confirmDelete}
      >
        <Trans>
          Delete the team <bdi>{deleting?.teamName}</bdi>? Its conversation and messages are deleted too, and its
          members lose it from their chat. This cannot be undone.
        </Trans>
      </ConfirmDialog>
    </Stack>
  );
}
