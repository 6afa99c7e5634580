import { Trans, useLingui } from '@lingui/react/macro';
import { Avatar, Group, Paper, Table, Text } from '@mantine/core';
import { useAccount } from '../../features/dashboard/account-context.tsx';
import { DashPage } from '../../features/dashboard/DashPage.tsx';
import { useSessionUser } from '../../state/session.tsx';

/** What the account holds about the user (GET /api/user/info); editing arrives with the profile feature. */
export default function ProfilePage() {
  const { t } = useLingui();
  const { info } = useAccount();
  const user = useSessionUser();
  const rows: [string, string | null | undefined][] = [
    [t`First name`, info?.fname ?? user?.fname],
    [t`Last name`, info?.lname ?? user?.lname],
    [t`E-mail`, info?.email ?? user?.email],
    [t`Phone number`, info?.phone],
    [t`Time zone`, info?.timeZone],
  ];
  return (
    <DashPage title={t`Profile`} gate="showProfile">
      <Paper withBorder radius="md" p="lg" maw={640}>
        <Group mb="md">
          <Avatar src={info?.picture ?? user?.picture} size="lg" radius="xl" alt="" />
          <Text fw={700} size="lg">
            <bdi>
              {info?.fname ?? user?.fname} {info?.lname ?? user?.lname}
            </bdi>
          </Text>
        </Group>
        <Table>
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w={180}>{label}</Table.Th>
                <Table.Td>
                  <bdi>{value || '—'}</bdi>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Text size="sm" c="dimmed" mt="md">
          <Trans>Changing your details and picture arrives in an upcoming release.</Trans>
        </Text>
      </Paper>
    </DashPage>
  );
}
