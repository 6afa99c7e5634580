import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatNumber } from '../../lib/format.ts';
import { messageOf } from '../../lib/http.ts';
import { useLanguage } from '../../state/language.tsx';
import { useStorageChanged } from '../../state/live-queries.tsx';
import { queryKeys } from '../../state/query-keys.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Paging } from '../../ui/Paging.tsx';
import { toast } from '../../ui/toast.ts';
import { TOUCH_INPUT } from '../../ui/touch.ts';
import { usePage } from '../../ui/use-page.ts';
import { roomsApi } from '../rooms/api.ts';
import { type Recording, type RecordingPage, recordingsApi, saveFile } from './api.ts';
import { fileNameOf } from './format.ts';
import { type RecordingAction, RecordingCards, RecordingsTable } from './RecordingsList.tsx';
import { RenameDialog } from './RenameDialog.tsx';

export const PAGE_SIZE = 20;
/** Below this the table's columns do not fit: a card per recording instead. */
export const CARDS_QUERY = '(max-width: 850px)';

/** /dashbord/recordings: the recordings the reader may see; play, download, and for managers rename … delete. */
export function RecordingsPage() {
  const { t } = useLingui();
  const language = useLanguage();
  const cards = useMediaQuery(CARDS_QUERY, false, { getInitialValueInEffect: false }) ?? false;
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search, 300);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  // A new search or range starts from the first page.
  const [page, setPage] = usePage([query, from, to]);
  const queryClient = useQueryClient();
  const storageChanged = useStorageChanged();
  const filters = { page, pageSize: PAGE_SIZE, q: query, from, to };
  const listKey = queryKeys.recordings.list(filters);
  const list = useQuery({
    queryKey: listKey,
    queryFn: () => recordingsApi.list(filters),
    placeholderData: keepPreviousData,
  });
  const data = list.data ?? null;
  const loadError = list.error && messageOf(list.error, language, t`An error occurred, try again`);
  // Jitsi keeps its own recordings: a note says so when the account has a Jitsi room (a failed list: no note).
  const rooms = useQuery({ queryKey: queryKeys.rooms.list, queryFn: roomsApi.list }).data;
  const jitsi = rooms?.some((r) => r.type === 'jitsi') ?? false;
  const [busyId, setBusyId] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<Recording | null>(null);
  const [deleting, setDeleting] = useState<Recording | null>(null);
  const load = () => void queryClient.invalidateQueries({ queryKey: queryKeys.recordings.all });

  const failed = (e: unknown) => toast.error(messageOf(e, language, t`An error occurred, try again`));
  /** One row changed in place (a rename, publishing, a download's count). */
  const replace = (r: Recording) =>
    queryClient.setQueryData<RecordingPage>(listKey, (d) =>
      d ? { ...d, recordings: d.recordings.map((x) => (x.id === r.id ? r : x)) } : d,
    );

  async function act(r: Recording, action: RecordingAction) {
    if (action === 'rename') return setRenaming(r);
    if (action === 'delete') return setDeleting(r);
    setBusyId(r.id);
    try {
      if (action === 'download') {
        const answer = await recordingsApi.download(r.id);
        replace({ ...r, downloads: answer.downloads });
        saveFile(answer.url, fileNameOf(r.name, answer.url));
      } else if (action === 'share') {
        const link = await recordingsApi.share(r.id);
        try {
          await navigator.clipboard.writeText(link);
          toast.success(t`The link was copied`);
        } catch {
          toast.show(link);
        }
      } else {
        const published = action === 'publish';
        replace(await recordingsApi.update(r.id, { published }));
        toast.success(published ? t`The recording was published` : t`The recording was unpublished`);
      }
    } catch (e) {
      failed(e);
    } finally {
      setBusyId(null);
    }
  }

  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const shownTotal = formatNumber(language, total);
  const filtered = !!(query || from || to);
  const listProps = { recordings: data?.recordings ?? [], busyId, onAction: act };

  return (
    <Stack>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          type="search"
          label={t`Search recordings`}
          placeholder={t`Recording or meeting name`}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={{ base: '100%', sm: 300 }}
          styles={TOUCH_INPUT}
        />
        <TextInput
          type="date"
          label={t`From`}
          value={from}
          max={to || undefined}
          onChange={(e) => setFrom(e.currentTarget.value)}
          w={{ base: '100%', xs: 180 }}
          styles={TOUCH_INPUT}
        />
        <TextInput
          type="date"
          label={t`To`}
          value={to}
          min={from || undefined}
          onChange={(e) => setTo(e.currentTarget.value)}
          w={{ base: '100%', xs: 180 }}
          styles={TOUCH_INPUT}
        />
        {filtered && (
          <Button
            variant="subtle"
            onClick={() => {
              setSearch('');
              setFrom('');
              setTo('');
            }}
          >
            <Trans>Clear</Trans>
          </Button>
        )}
      </Group>
      {jitsi && (
        <Alert color="blue" variant="light" data-testid="recordings-jitsi-note">
          <Trans>Recordings of Jitsi meetings are kept by Jitsi and are not managed here.</Trans>
        </Alert>
      )}
      {loadError && (
        <Alert color="red" role="alert">
          {loadError}
        </Alert>
      )}
      {!data && !loadError && <Loader role="status" aria-label={t`Loading`} />}
      {data && data.recordings.length === 0 && (
        <EmptyState
          title={filtered ? <Trans>No recording matches your search</Trans> : <Trans>No recordings yet</Trans>}
        >
          {filtered ? (
            <Trans>Try another name or a wider range of days.</Trans>
          ) : (
            <Trans>
              When a meeting you manage, attend or are invited to is recorded, the recording appears here once the
              provider has processed it.
            </Trans>
          )}
        </EmptyState>
      )}
      {data && data.recordings.length > 0 && (
        <Stack gap="sm">
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="recordings-total">
            {plural(total, { one: `${shownTotal} recording`, other: `${shownTotal} recordings` })}
          </Text>
          {cards ? <RecordingCards {...listProps} /> : <RecordingsTable {...listProps} />}
          <Paging pages={pages} page={page} onChange={setPage} />
        </Stack>
      )}

      <RenameDialog
        recording={renaming}
        onClose={() => setRenaming(null)}
        onRename={async (r, name) => {
          replace(await recordingsApi.update(r.id, { name }));
          setRenaming(null);
          toast.success(t`The recording was renamed`);
        }}
      />
      <ConfirmDialog
        opened={!!deleting}
        title={t`Delete the recording?`}
        confirmLabel={t`Delete`}
        busy={!!deleting && busyId === deleting.id}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          const r = deleting;
          if (!r) return;
          setBusyId(r.id);
          try {
            await recordingsApi.remove(r.id);
            setDeleting(null);
            toast.success(t`The recording was deleted`);
            storageChanged();
            load();
          } catch (e) {
            failed(e);
          } finally {
            setBusyId(null);
          }
        }}
      >
        {deleting && (
          <Trans>
            “<bdi>{deleting.name}</bdi>” is deleted on the conferencing provider too, and its space is freed at once.
            This cannot be undone.
          </Trans>
        )}
      </ConfirmDialog>
    </Stack>
  );
}
