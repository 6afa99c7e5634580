import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { messageOf } from '../../lib/http.ts';
import { useLanguage } from '../../state/language.tsx';
import { queryKeys } from '../../state/query-keys.ts';
import { toast } from '../../ui/toast.ts';
import { type CalendarFeedLinks, calendarFeedApi } from './api.ts';

/**
 * The calendar page's "meetings in your phone's calendar" (issue 31): a secret feed URL, copied or added to Google,
 * Outlook or Apple's calendar. The server keeps only its hash, so the URL is shown when made; a new one revokes it.
 */
export function CalendarFeed() {
  const { t } = useLingui();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: queryKeys.meetings.feed, queryFn: calendarFeedApi.status });
  const [links, setLinks] = useState<CalendarFeedLinks | null>(null);
  const [busy, setBusy] = useState(false);
  const failed = (e: unknown) => toast.error(messageOf(e, language, t`An error occurred, try again`));

  async function create() {
    setBusy(true);
    try {
      setLinks(await calendarFeedApi.create());
      await queryClient.invalidateQueries({ queryKey: queryKeys.meetings.feed });
    } catch (e) {
      failed(e);
    } finally {
      setBusy(false);
    }
  }
  async function revoke() {
    setBusy(true);
    try {
      await calendarFeedApi.revoke();
      setLinks(null);
      await queryClient.invalidateQueries({ queryKey: queryKeys.meetings.feed });
      toast.success(t`The calendar link no longer works`);
    } catch (e) {
      failed(e);
    } finally {
      setBusy(false);
    }
  }
  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t`The link was copied`);
    } catch {
      toast.show(url);
    }
  }

  const active = status.data?.active ?? false;
  return (
    <Card withBorder padding="md" mt="lg" data-testid="calendar-feed">
      <Stack gap="sm">
        <Title order={3} size="h5">
          <Trans>Your meetings in your phone's calendar</Trans>
        </Title>
        <Text size="sm">
          <Trans>
            Subscribe to your private calendar link: moved and cancelled days follow by themselves. Anyone with the link
            can see your meetings; make a new link to stop the old one.
          </Trans>
        </Text>
        {links && (
          <>
            <Group gap="xs" align="flex-end" wrap="nowrap">
              <TextInput
                readOnly
                dir="ltr"
                label={t`Calendar link`}
                value={links.https}
                onFocus={(e) => e.currentTarget.select()}
                style={{ flex: 1, minWidth: 0 }}
                data-testid="calendar-feed-url"
              />
              <Button variant="light" onClick={() => void copy(links.https)}>
                <Trans>Copy</Trans>
              </Button>
            </Group>
            <Group gap="md">
              <Anchor href={links.google} target="_blank" rel="noopener noreferrer">
                <Trans>Add to Google Calendar</Trans>
              </Anchor>
              <Anchor href={links.outlook} target="_blank" rel="noopener noreferrer">
                <Trans>Add to Outlook</Trans>
              </Anchor>
              <Anchor href={links.webcal}>
                <Trans>Add to Apple Calendar</Trans>
              </Anchor>
            </Group>
          </>
        )}
        <Group gap="xs">
          <Button onClick={() => void create()} loading={busy} variant={active ? 'default' : 'filled'}>
            {active ? t`Make a new link (the old one stops working)` : t`Make my calendar link`}
          </Button>
          {active && (
            <Button color="red" variant="subtle" onClick={() => void revoke()} disabled={busy}>
              <Trans>Stop the link</Trans>
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
