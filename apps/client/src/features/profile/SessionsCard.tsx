import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { dateOptions } from '@majlis/i18n';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatNumber, intlLocale, SEPARATOR, viewZone } from '../../lib/format.ts';
import { messageOf } from '../../lib/http.ts';
import { useLanguage } from '../../state/language.tsx';
import { queryKeys } from '../../state/query-keys.ts';
import { toast } from '../../ui/toast.ts';
import { profileApi, type SessionView } from './api.ts';

/** Where the user is signed in (device, address, last seen), this device first, and "sign out the others". */
export function SessionsCard() {
  const { t } = useLingui();
  const language = useLanguage();
  const queryClient = useQueryClient();
  // A password change elsewhere on the page invalidates this list too (it ends the other sessions).
  const read = useQuery({ queryKey: queryKeys.profile.sessions, queryFn: profileApi.sessions });
  // A failed read shows an empty list.
  const sessions: SessionView[] | null = read.isError ? [] : (read.data ?? null);
  const [busy, setBusy] = useState(false);
  const load = () => void queryClient.invalidateQueries({ queryKey: queryKeys.profile.sessions });
  const when = new Intl.DateTimeFormat(
    intlLocale(language),
    dateOptions({ timeZone: viewZone(), dateStyle: 'medium', timeStyle: 'short' }, intlLocale(language)),
  );
  const seen = (s: SessionView) => when.format(new Date(s.lastSeenAt));
  const others = sessions?.filter((s) => !s.current).length ?? 0;

  async function endOthers() {
    setBusy(true);
    try {
      const { endedSessions } = await profileApi.endOthers();
      const n = formatNumber(language, endedSessions);
      toast.success(
        plural(endedSessions, {
          one: `${n} other session was signed out`,
          other: `${n} other sessions were signed out`,
        }),
      );
      load();
    } catch (e) {
      toast.error(messageOf(e, language, t`An error occurred, try again`));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby="profile-sessions">
      <Title order={2} size="h4" mb="md" id="profile-sessions">
        <Trans>Where you are signed in</Trans>
      </Title>
      <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {sessions?.map((s) => (
          <li key={s.id} data-testid="session-row">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <div style={{ minWidth: 0 }}>
                <Text fw={600}>
                  <bdi>{s.device || t`Unknown device`}</bdi>
                </Text>
                <Text size="sm" c="dimmed">
                  {s.ip && (
                    <>
                      <bdi dir="ltr" data-latin>
                        {s.ip}
                      </bdi>
                      {SEPARATOR}
                    </>
                  )}
                  <Trans>Last seen {seen(s)}</Trans>
                </Text>
              </div>
              {s.current && (
                // outline: Mantine 9.7.3 (the version @mantine/charts pairs with) fills a light badge of a shade
                // like teal.9 with its own text colour
                <Badge color="teal.9" variant="outline">
                  <Trans>This device</Trans>
                </Badge>
              )}
            </Group>
          </li>
        ))}
      </Stack>
      <Group justify="flex-end" mt="md">
        {/* The label may wrap: in Arabic at 320 px one line of it was cut. */}
        <Button
          variant="light"
          color="red"
          onClick={endOthers}
          loading={busy}
          disabled={!others}
          h="auto"
          mih={44}
          py={6}
          styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
        >
          <Trans>Sign out the other sessions</Trans>
        </Button>
      </Group>
    </Paper>
  );
}
