import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { browserTimeZone, formatWhen } from '../../lib/format.ts';
import { messageOf } from '../../lib/http.ts';
import { useAccount } from '../../state/account.tsx';
import { useLanguage } from '../../state/language.tsx';
import { queryKeys } from '../../state/query-keys.ts';
import { usersApi } from './api.ts';

/** The owner's view of who changed what in the account, newest first (GET /api/users/audit). */
export function ActivityList({ names }: { names: ReadonlyMap<string, string> }) {
  const { t } = useLingui();
  const language = useLanguage();
  const timeZone = useAccount().info?.timeZone ?? browserTimeZone();
  // Pages of 20, older ones on demand; a change made on the page (queryKeys.users.all) shows at the top at once.
  const read = useInfiniteQuery({
    queryKey: queryKeys.users.audit,
    queryFn: ({ pageParam }) => usersApi.audit(pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => page.next ?? undefined,
  });
  const rows = read.data?.pages.flatMap((p) => p.rows) ?? null;
  const error = read.error && messageOf(read.error, language, t`An error occurred, try again`);

  // The dotted names core's recordAudit writes; one not listed here shows as written.
  const actions: Record<string, string> = {
    'user.add': t`added a user`,
    'user.invite': t`invited a user`,
    'user.invite.resend': t`resent an invitation`,
    'user.invite.revoke': t`revoked an invitation`,
    'user.join': t`joined the account`,
    'user.edit': t`edited a user`,
    'user.activate': t`activated a user`,
    'user.deactivate': t`deactivated a user`,
    'user.remove': t`removed a user`,
    'room.assign': t`assigned a room`,
    'room.unassign': t`de-assigned a room`,
    'team.create': t`created a team`,
    'team.rename': t`renamed a team`,
    'team.delete': t`deleted a team`,
    'team.member.add': t`added a team member`,
    'team.member.remove': t`removed a team member`,
    'institution.update': t`edited the institution's details`,
    'account.transfer': t`moved the account to an institution`,
    'account.suspend': t`suspended the account`,
    'account.ban': t`banned the account`,
    'account.reinstate': t`reinstated the account`,
    'recording.rename': t`renamed a recording`,
    'recording.publish': t`published a recording`,
    'recording.unpublish': t`unpublished a recording`,
    'recording.share': t`made a recording's share link`,
    'recording.delete': t`deleted a recording`,
    'sso.save': t`set up the sign-in through the institution's provider`,
    'sso.remove': t`removed the sign-in through the institution's provider`,
    'sso.join': t`joined through the institution's provider`,
    'sso.logout': t`was signed out by the institution's provider`,
    'domain.add': t`claimed a domain`,
    'domain.verify': t`proved a domain`,
    'domain.mode': t`changed how people at a domain join`,
    'domain.remove': t`gave up a domain`,
    'domain.join': t`joined through the institution's domain`,
    'domain.request': t`asked to join through the institution's domain`,
    'domain.approve': t`let in a person who asked to join`,
    'domain.reject': t`turned away a person who asked to join`,
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="activity-title">
      <Title order={2} size="h4" mb="sm" id="activity-title">
        <Trans>Activity</Trans>
      </Title>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {!rows && !error && <Loader size="sm" aria-label={t`Loading`} />}
      {rows?.length === 0 && (
        <Text size="sm" c="dimmed">
          <Trans>No changes recorded yet.</Trans>
        </Text>
      )}
      {rows && rows.length > 0 && (
        <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} data-testid="activity">
          {rows.map((row) => {
            const who = row.who ? `${row.who.fname} ${row.who.lname}` : t`A former user`;
            // An action without words yet shows its code, isolated as the technical value it is.
            const what = actions[row.action] ?? (
              <bdi dir="ltr" data-latin="">
                {row.action}
              </bdi>
            );
            const when = formatWhen(language, row.at, timeZone, { weekday: undefined });
            // The target is an id; a person on the page's current list is named.
            const target = row.target ? names.get(row.target) : undefined;
            // An invitation has no user yet: its row names the address and the role.
            const invitee = row.invitee;
            const inviteeRole = invitee?.role === 'admin' ? t`Admin` : t`Member`;
            return (
              <Text component="li" size="sm" key={row.id}>
                <Text span c="dimmed" size="xs">
                  {when}
                </Text>{' '}
                — <bdi>{who}</bdi> {what}
                {target && (
                  <>
                    {' '}
                    (<bdi>{target}</bdi>)
                  </>
                )}
                {invitee && (
                  <>
                    {' '}
                    (
                    <Trans>
                      <bdi dir="ltr">{invitee.email}</bdi> as {inviteeRole}
                    </Trans>
                    )
                  </>
                )}
              </Text>
            );
          })}
        </Stack>
      )}
      {read.hasNextPage && (
        <Button mt="sm" size="xs" variant="subtle" loading={read.isFetching} onClick={() => void read.fetchNextPage()}>
          <Trans>Show older</Trans>
        </Button>
      )}
    </Paper>
  );
}
