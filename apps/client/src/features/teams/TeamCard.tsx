import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Avatar, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { formatNumber } from '../../lib/format.ts';
import { useLanguage } from '../../state/language.tsx';
import { fullName, type ManagedTeam } from './api.ts';

/** One team: its name, how many members and who they are, with its actions. */
export function TeamCard({
  team,
  onRename,
  onMembers,
  onDelete,
  readOnly = false,
}: {
  team: ManagedTeam;
  /** The institution's month lapsed: renaming, members and deleting wait for its renewal. */
  readOnly?: boolean;
  onRename: () => void;
  onMembers: () => void;
  onDelete: () => void;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const total = team.members.length;
  const count = formatNumber(language, total);
  return (
    <Card withBorder radius="md" padding="lg" data-testid="team-card">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
            <bdi>{team.teamName}</bdi>
          </Title>
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }} data-testid="team-count">
            {plural(total, { one: `${count} member`, other: `${count} members` })}
          </Text>
        </Group>
        {total === 0 ? (
          <Text size="sm" c="dimmed">
            <Trans>No members yet. Add the people who work together in this team.</Trans>
          </Text>
        ) : (
          <Group gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {team.members.map((m) => (
              <Group key={m.userId} gap={6} component="li" wrap="nowrap" style={{ maxWidth: '100%' }}>
                <Avatar src={m.picture} size="sm" radius="xl" alt="">
                  {m.fname.slice(0, 1)}
                </Avatar>
                <Text size="sm" truncate>
                  <bdi>{fullName(m)}</bdi>
                </Text>
              </Group>
            ))}
          </Group>
        )}
        <Group gap="xs">
          <Button size="xs" onClick={onMembers} disabled={readOnly} data-testid="team-members">
            <Trans>Members</Trans>
          </Button>
          <Button
            size="xs"
            variant="default"
            onClick={onRename}
            disabled={readOnly}
            aria-label={t`Rename ${team.teamName}`}
          >
            <Trans>Rename</Trans>
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            onClick={onDelete}
            disabled={readOnly}
            aria-label={t`Delete ${team.teamName}`}
          >
            <Trans>Delete</Trans>
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
