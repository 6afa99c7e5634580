import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Button, Group, Loader, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { dayIn, formatWhen } from '../../lib/format.ts';
import { messageOf } from '../../lib/http.ts';
import { useLanguage } from '../../state/language.tsx';
import { queryKeys } from '../../state/query-keys.ts';
import { toast } from '../../ui/toast.ts';
import { type Meeting, meetingsApi, type Occurrence } from './api.ts';
import { DeleteDayConfirm } from './DeleteDayConfirm.tsx';
import { OccurrenceDialog } from './OccurrenceDialog.tsx';

/**
 * "Days…" of a recurring meeting (spec §4, issue 16): every day of the series, each one editable (day, hour, length)
 * or deletable alone, and the whole series edited or deleted from the same place. Past and cancelled days are listed
 * for the record, without buttons.
 */
export function OccurrencesDialog({
  meeting,
  timeZone,
  today,
  onClose,
  onChanged,
  onEditAll,
  onDeleteAll,
}: {
  meeting: Meeting | null;
  timeZone: string;
  today: string;
  onClose: () => void;
  onChanged: () => void;
  onEditAll: (m: Meeting) => void;
  onDeleteAll: (m: Meeting) => void;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const id = meeting?.id ?? '';
  const read = useQuery({
    queryKey: queryKeys.meetings.occurrences(id),
    queryFn: () => meetingsApi.occurrences(id),
    enabled: !!meeting,
  });
  const days = read.data ?? null;
  const error = read.error && messageOf(read.error, language, t`An error occurred, try again`);
  const [editing, setEditing] = useState<Occurrence | null>(null);
  const [deleting, setDeleting] = useState<Occurrence | null>(null);
  const [busy, setBusy] = useState(false);

  const load = () => void queryClient.invalidateQueries({ queryKey: queryKeys.meetings.occurrences(id) });

  const spanOf = (o: Occurrence) =>
    `${formatWhen(language, o.startsAt, timeZone)} – ${formatWhen(language, o.endsAt, timeZone, {
      weekday: undefined,
      day: undefined,
      month: undefined,
      year: undefined,
    })}`;

  async function deleteDay() {
    const o = deleting;
    if (!meeting || !o) return;
    setBusy(true);
    try {
      await meetingsApi.cancelOccurrence(meeting.id, o.id);
      toast.success(t`The day was deleted`);
      setDeleting(null);
      load();
      onChanged();
    } catch (e) {
      toast.error(messageOf(e, language, t`An error occurred, try again`));
    } finally {
      setBusy(false);
    }
  }

  const name = meeting?.name ?? '';
  const when = deleting ? spanOf(deleting) : '';
  return (
    <>
      <Modal
        opened={!!meeting && !editing && !deleting}
        onClose={onClose}
        title={t`Days of ${name}`}
        size="lg"
        centered
      >
        <Stack gap="sm" data-testid="meeting-days">
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          {!days && !error && <Loader aria-label={t`Loading`} />}
          {days && (
            <ScrollArea.Autosize mah="55vh">
              <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                {days.map((o) => {
                  const open = !o.cancelled && dayIn(timeZone, new Date(o.startsAt)) >= today;
                  const label = spanOf(o);
                  return (
                    <Group
                      key={o.id}
                      component="li"
                      justify="space-between"
                      wrap="wrap"
                      gap="xs"
                      data-testid="meeting-day"
                      data-cancelled={o.cancelled}
                    >
                      <Group gap={6}>
                        <Text size="sm" td={o.cancelled ? 'line-through' : undefined} c={open ? undefined : 'dimmed'}>
                          {label}
                        </Text>
                        {o.cancelled && (
                          <Badge variant="outline" color="gray">
                            <Trans>Deleted</Trans>
                          </Badge>
                        )}
                        {o.edited && !o.cancelled && (
                          <Badge variant="outline" color="orange">
                            <Trans>Changed for this day</Trans>
                          </Badge>
                        )}
                      </Group>
                      {open && (
                        <Group gap={6}>
                          <Button
                            size="xs"
                            mih={44}
                            variant="light"
                            onClick={() => setEditing(o)}
                            aria-label={t`Edit ${label}`}
                          >
                            <Trans>Edit</Trans>
                          </Button>
                          <Button
                            size="xs"
                            mih={44}
                            variant="light"
                            color="red"
                            onClick={() => setDeleting(o)}
                            aria-label={t`Delete ${label}`}
                          >
                            <Trans>Delete</Trans>
                          </Button>
                        </Group>
                      )}
                    </Group>
                  );
                })}
              </Stack>
            </ScrollArea.Autosize>
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" mih={44} onClick={() => meeting && onEditAll(meeting)}>
              <Trans>Edit all days</Trans>
            </Button>
            <Button color="red" variant="light" mih={44} onClick={() => meeting && onDeleteAll(meeting)}>
              <Trans>Delete all days</Trans>
            </Button>
          </Group>
        </Stack>
      </Modal>
      <OccurrenceDialog
        target={meeting && editing ? { meetingId: meeting.id, name: meeting.name, occurrence: editing } : null}
        timeZone={timeZone}
        today={today}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          toast.success(t`The day was saved`);
          load();
          onChanged();
        }}
      />
      <DeleteDayConfirm
        opened={!!deleting}
        day={{ name: meeting?.name, when }}
        busy={busy}
        onClose={() => setDeleting(null)}
        onConfirm={() => void deleteDay()}
      />
    </>
  );
}
