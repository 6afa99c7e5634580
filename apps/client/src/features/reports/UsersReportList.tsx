import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Card, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useLanguage } from '../../state/language.tsx';
import type { UserReportRow } from './api.ts';
import { num } from './format.ts';

function useRole() {
  const { t } = useLingui();
  const roles: Record<UserReportRow['role'], string> = { owner: t`Owner`, admin: t`Admin`, member: t`Member` };
  return (r: UserReportRow['role']) => roles[r];
}

/** Wide screens: a row per person. */
export function UsersReportTable({ users }: { users: UserReportRow[] }) {
  const language = useLanguage();
  const role = useRole();
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table striped verticalSpacing="sm" data-testid="user-report-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>Name</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Role</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Meetings hosted</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Meetings attended</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Minutes attended</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((u) => (
            <Table.Tr key={u.id} data-testid="user-report-row">
              <Table.Td fw={600} style={{ overflowWrap: 'anywhere' }}>
                <bdi>
                  {u.fname} {u.lname}
                </bdi>
              </Table.Td>
              <Table.Td>{role(u.role)}</Table.Td>
              <Table.Td>{num(language, u.hosted)}</Table.Td>
              <Table.Td>{num(language, u.attended)}</Table.Td>
              <Table.Td>{num(language, u.minutes)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Phones and narrow panes: a card per person. */
export function UserReportCards({ users }: { users: UserReportRow[] }) {
  const { t } = useLingui();
  const language = useLanguage();
  const role = useRole();
  return (
    <Stack gap="sm" data-testid="user-report-cards">
      {users.map((u) => (
        <Card key={u.id} withBorder radius="md" padding="md" data-testid="user-report-row">
          <Stack gap="xs">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                <bdi>
                  {u.fname} {u.lname}
                </bdi>
              </Text>
              <Badge variant="light" style={{ flexShrink: 0 }}>
                {role(u.role)}
              </Badge>
            </Group>
            <SimpleGrid cols={3} spacing="xs">
              {[
                [t`Hosted`, u.hosted],
                [t`Attended`, u.attended],
                [t`Minutes`, u.minutes],
              ].map(([label, value]) => (
                <div key={label}>
                  <Text size="xs" c="dimmed">
                    {label}
                  </Text>
                  <Text fw={600}>{num(language, value as number)}</Text>
                </div>
              ))}
            </SimpleGrid>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
