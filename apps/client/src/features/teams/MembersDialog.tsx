import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Button,
  type ComboboxItem,
  type ComboboxParsedItem,
  Group,
  Modal,
  MultiSelect,
  Stack,
  Text,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { messageOf } from '../../lib/http.ts';
import { useLanguage } from '../../state/language.tsx';
import { fullName, type ManagedTeam, type TeamPerson, teamsApi } from './api.ts';

/**
 * Chooses a team's members among the active users of the institution. Saving adds the new ones and takes out the
 * others, one call each: each reaches chat at once (the team appears in or leaves their contacts).
 */
export function MembersDialog({
  team,
  candidates,
  onClose,
  onSaved,
}: {
  team: ManagedTeam | null;
  candidates: TeamPerson[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const [chosen, setChosen] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setChosen(team ? team.members.map((m) => m.userId) : []);
    setError(null);
  }, [team]);

  // Members no longer active in the institution stay listed, so they can be taken out.
  const people = new Map<string, TeamPerson>();
  for (const p of [...candidates, ...(team?.members ?? [])]) people.set(p.userId, p);
  // Pills show the name alone (they stay readable at 360 px); the list shows the e-mail too, and search reads both.
  const data = [...people.values()].map((p) => ({ value: p.userId, label: fullName(p) }));
  const emailOf = (value: string) => people.get(value)?.email ?? '';
  const filter = ({ options, search }: { options: ComboboxParsedItem[]; search: string }) => {
    const q = search.trim().toLowerCase();
    return (options as ComboboxItem[]).filter(
      (o) => !q || o.label.toLowerCase().includes(q) || emailOf(o.value).toLowerCase().includes(q),
    );
  };

  async function save() {
    if (!team) return;
    const before = new Set(team.members.map((m) => m.userId));
    const after = new Set(chosen);
    setBusy(true);
    setError(null);
    try {
      for (const userId of chosen.filter((id) => !before.has(id))) await teamsApi.addMember(team._id, userId);
      for (const userId of [...before].filter((id) => !after.has(id))) await teamsApi.removeMember(team._id, userId);
      onSaved();
    } catch (e) {
      setError(messageOf(e, language, t`An error occurred, try again`));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened={!!team} onClose={onClose} title={t`Team members`} centered>
      <Stack>
        <Text size="sm">
          <Trans>
            Choose the members of <bdi>{team?.teamName}</bdi>. They see the team and its conversation in their chat at
            once; those taken out lose it at once.
          </Trans>
        </Text>
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <MultiSelect
          label={t`Members`}
          placeholder={t`Search by name or e-mail`}
          data={data}
          value={chosen}
          onChange={setChosen}
          searchable
          filter={filter}
          renderOption={({ option }) => (
            <div>
              <Text size="sm">
                <bdi>{option.label}</bdi>
              </Text>
              <Text size="xs" c="dimmed">
                <bdi>{emailOf(option.value)}</bdi>
              </Text>
            </div>
          )}
          clearable
          hidePickedOptions
          nothingFoundMessage={t`No user found`}
          comboboxProps={{ withinPortal: true }}
          data-testid="team-members-select"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            <Trans>Cancel</Trans>
          </Button>
          <Button onClick={save} loading={busy} data-testid="team-members-save">
            <Trans>Save</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
