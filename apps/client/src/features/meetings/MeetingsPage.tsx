import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Loader, Modal, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { browserTimeZone, dayIn, formatNumber } from '../../lib/format.ts';
import { messageOf } from '../../lib/http.ts';
import { hardNavigation } from '../../lib/navigation.ts';
import { useAccount } from '../../state/account.tsx';
import { useLanguage } from '../../state/language.tsx';
import { queryKeys } from '../../state/query-keys.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Paging } from '../../ui/Paging.tsx';
import { toast } from '../../ui/toast.ts';
import { usePage } from '../../ui/use-page.ts';
import { maySuggestPush, PushSuggestion } from '../profile/PushSuggestion.tsx';
import { type Room, roomsApi } from '../rooms/api.ts';
import { joinLink, type Meeting, type MeetingTab, meetingsApi } from './api.ts';
import { InviteDialog } from './InviteDialog.tsx';
import { type CardAction, MeetingCard } from './MeetingCard.tsx';
import { MeetingFormDialog } from './MeetingFormDialog.tsx';
import { OccurrencesDialog } from './OccurrencesDialog.tsx';

export const PAGE_SIZE = 10;

const NO_ROOMS: Room[] = [];

type Scope = { meeting: Meeting; action: 'edit' | 'delete' };

/** /dashbord/meeting: tabs, search, paging, and every meeting action. */
export function MeetingsPage() {
  const { t } = useLingui();
  const language = useLanguage();
  const account = useAccount();
  const timeZone = account.info?.timeZone ?? browserTimeZone();
  const today = dayIn(timeZone);
  const [tab, setTab] = useState<MeetingTab>('upcoming');
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search, 300);
  // A new search or tab starts from the first page.
  const [page, setPage] = usePage([tab, query]);
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: queryKeys.meetings.list({ tab, page, pageSize: PAGE_SIZE, q: query }),
    queryFn: () => meetingsApi.list({ tab, page, pageSize: PAGE_SIZE, q: query }),
    // The list shown stays until the next page or tab has answered, as it did before the cache.
    placeholderData: keepPreviousData,
  });
  const data = list.data ?? null;
  const loadError = list.error && messageOf(list.error, language, t`An error occurred, try again`);
  // A failed rooms list leaves the form's room choice empty (spec §7: ignored).
  const rooms = useQuery({ queryKey: queryKeys.rooms.list, queryFn: roomsApi.list }).data ?? NO_ROOMS;
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<Meeting | null>(null);
  const [inviting, setInviting] = useState<Meeting | null>(null);
  const [scope, setScope] = useState<Scope | null>(null);
  const [deleting, setDeleting] = useState<Meeting | null>(null);
  const [daysOf, setDaysOf] = useState<Meeting | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  // issue 31: the first meeting created on this device brings the suggestion to get its reminders here
  const [suggestPush, setSuggestPush] = useState(false);

  const load = () => void queryClient.invalidateQueries({ queryKey: queryKeys.meetings.all });

  const failed = (e: unknown) => toast.error(messageOf(e, language, t`An error occurred, try again`));

  async function act(meeting: Meeting, action: CardAction) {
    const recurring = meeting.recurrenceDays.length > 0 && !!meeting.nextOccurrence;
    switch (action) {
      case 'copy': {
        const link = joinLink(meeting.number, meeting.passcode);
        try {
          await navigator.clipboard.writeText(link);
          toast.success(t`The link was copied`);
        } catch {
          toast.show(link);
        }
        return;
      }
      case 'invite':
        return setInviting(meeting);
      case 'days':
        return setDaysOf(meeting);
      case 'edit':
        if (recurring) return setScope({ meeting, action });
        setEditing(meeting);
        return setFormOpen(true);
      case 'delete':
        if (recurring) return setScope({ meeting, action });
        return setDeleting(meeting);
    }
    setBusyId(meeting.id);
    try {
      if (action === 'start') {
        const answer = await meetingsApi.start(meeting.id);
        if (answer.notice) toast.show(answer.notice[language]);
        hardNavigation.go(answer.url);
        return;
      }
      if (action === 'end') await meetingsApi.end(meeting.id);
      if (action === 'activate') await meetingsApi.activate(meeting.id);
      if (action === 'deactivate') await meetingsApi.deactivate(meeting.id);
      if (action === 'favourite') await meetingsApi.favourite(meeting.id, !meeting.favourite);
      if (action === 'leave') await meetingsApi.leaveAssistants(meeting.id);
      load();
    } catch (e) {
      failed(e);
    } finally {
      setBusyId(null);
    }
  }

  const tabs: { value: MeetingTab; label: string }[] = [
    { value: 'upcoming', label: t`Upcoming` },
    { value: 'running', label: t`Running` },
    { value: 'finished', label: t`Finished` },
    { value: 'favourites', label: t`Favourites` },
  ];
  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const shownTotal = formatNumber(language, total);

  return (
    <Stack>
      {suggestPush && <PushSuggestion onDone={() => setSuggestPush(false)} />}
      <Group justify="space-between" align="flex-end">
        <TextInput
          type="search"
          label={t`Search meetings`}
          placeholder={t`Name or number`}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={{ base: '100%', sm: 320 }}
        />
        <Button
          onClick={() => {
            setEditing(null);
            setFormOpen(true);
          }}
          data-testid="new-meeting"
        >
          <Trans>New meeting</Trans>
        </Button>
      </Group>
      <Tabs value={tab} onChange={(v) => setTab((v ?? 'upcoming') as MeetingTab)} keepMounted={false}>
        <Tabs.List>
          {tabs.map((x) => (
            <Tabs.Tab key={x.value} value={x.value}>
              {x.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tabs.map((x) => (
          <Tabs.Panel key={x.value} value={x.value} pt="md">
            {loadError && (
              <Alert color="red" role="alert">
                {loadError}
              </Alert>
            )}
            {!data && !loadError && <Loader aria-label={t`Loading`} />}
            {data && data.results.length === 0 && (
              <EmptyState
                title={query ? <Trans>No meeting matches your search</Trans> : <Trans>No meetings here</Trans>}
              >
                {x.value === 'upcoming' ? (
                  <Trans>Create a meeting to schedule it, invite people and join it by its number.</Trans>
                ) : (
                  <Trans>Meetings will show here when there are some.</Trans>
                )}
              </EmptyState>
            )}
            {data && data.results.length > 0 && (
              <Stack gap="sm" data-testid="meeting-list">
                <Text size="sm" c="dimmed" aria-live="polite">
                  {plural(total, { one: `${shownTotal} meeting`, other: `${shownTotal} meetings` })}
                </Text>
                {data.results.map((m) => (
                  <MeetingCard
                    key={m.id}
                    meeting={m}
                    timeZone={timeZone}
                    busy={busyId === m.id}
                    onAction={(a) => void act(m, a)}
                    icsUrl={meetingsApi.icsUrl(m.id)}
                  />
                ))}
                <Paging pages={pages} page={page} onChange={setPage} />
              </Stack>
            )}
          </Tabs.Panel>
        ))}
      </Tabs>

      <MeetingFormDialog
        opened={formOpen}
        meeting={editing}
        rooms={rooms}
        today={today}
        timeZone={timeZone}
        onClose={() => setFormOpen(false)}
        onSaved={() => {
          toast.success(editing ? t`The meeting was saved` : t`The meeting was created`);
          if (!editing && maySuggestPush()) setSuggestPush(true);
          setFormOpen(false);
          load();
        }}
      />
      <InviteDialog meeting={inviting} onClose={() => setInviting(null)} />
      <Modal
        opened={!!scope}
        onClose={() => setScope(null)}
        title={scope?.action === 'edit' ? t`Edit a recurring meeting` : t`Delete a recurring meeting`}
        centered
      >
        <Stack>
          <Text size="sm">
            <Trans>This meeting repeats. Change one day of your choice, or all its days?</Trans>
          </Text>
          <Group justify="flex-end">
            <Button
              variant="light"
              onClick={() => {
                const s = scope;
                setScope(null);
                if (s) setDaysOf(s.meeting);
              }}
            >
              <Trans>One day…</Trans>
            </Button>
            <Button
              color={scope?.action === 'delete' ? 'red' : undefined}
              onClick={() => {
                const s = scope;
                if (!s) return;
                setScope(null);
                if (s.action === 'delete') return setDeleting(s.meeting);
                setEditing(s.meeting);
                setFormOpen(true);
              }}
            >
              <Trans>All days</Trans>
            </Button>
          </Group>
        </Stack>
      </Modal>
      <ConfirmDialog
        opened={!!deleting}
        title={t`Delete the meeting`}
        confirmLabel={t`Delete`}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          const m = deleting;
          if (!m) return;
          setDeleting(null);
          try {
            await meetingsApi.remove(m.id);
            toast.success(t`The meeting was deleted`);
            load();
          } catch (e) {
            failed(e);
          }
        }}
      >
        <Trans>
          Delete <bdi>{deleting?.name}</bdi> with all its days? Its number will no longer work.
        </Trans>
      </ConfirmDialog>
      <OccurrencesDialog
        meeting={daysOf}
        timeZone={timeZone}
        today={today}
        onClose={() => setDaysOf(null)}
        onChanged={load}
        onEditAll={(m) => {
          setDaysOf(null);
          setEditing(m);
          setFormOpen(true);
        }}
        onDeleteAll={(m) => {
          setDaysOf(null);
          setDeleting(m);
        }}
      />
    </Stack>
  );
}
