import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Modal, NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { dayIn } from '../../lib/format.ts';
import { fieldErrorsOf, formErrorOf } from '../../lib/server-errors.ts';
import { useLanguage } from '../../state/language.tsx';
import { useFieldError } from '../../ui/use-field-error.ts';
import { meetingsApi, type Occurrence } from './api.ts';

function hourIn(timeZone: string, iso: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(iso),
  );
}

/** Recurring meetings, 'this day only' (spec §4): move or resize one occurrence. */
export function OccurrenceDialog({
  target,
  timeZone,
  today,
  onClose,
  onSaved,
}: {
  target: { meetingId: string; name: string; occurrence: Occurrence } | null;
  timeZone: string;
  today: string;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const errorText = useFieldError();
  const [day, setDay] = useState('');
  const [hour, setHour] = useState('');
  const [hours, setHours] = useState<string | number>(1);
  const [minutes, setMinutes] = useState<string | number>(0);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!target) return;
    const o = target.occurrence;
    const total = Math.round((+new Date(o.endsAt) - +new Date(o.startsAt)) / 60_000);
    setDay(dayIn(timeZone, new Date(o.startsAt)));
    setHour(hourIn(timeZone, o.startsAt));
    setHours(Math.floor(total / 60));
    setMinutes(total % 60);
    setFields({});
    setError(null);
  }, [target, timeZone]);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!target) return;
    // Catalog ids of the server's own messages for these rules (shown through useFieldError).
    const local: Record<string, string> = {};
    if (!day) local.day = 'field.day';
    else if (day < today) local.day = 'field.dayPast';
    if (!hour) local.hour = 'field.hour';
    const total = Number(hours) * 60 + Number(minutes);
    if (!(total > 0 && total <= 24 * 60)) local.durationMinutes = 'field.duration';
    setFields(local);
    setError(null);
    if (Object.keys(local).length) return;
    setBusy(true);
    try {
      await meetingsApi.updateOccurrence(target.meetingId, target.occurrence.id, {
        day,
        hour,
        durationHours: Number(hours),
        durationMinutes: Number(minutes),
      });
      onSaved();
    } catch (err) {
      setFields(fieldErrorsOf(err, language));
      setError(formErrorOf(err, language, t`An error occurred, try again`));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened={!!target} onClose={onClose} title={t`Edit this day only`} centered>
      <form noValidate onSubmit={submit}>
        <Stack>
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          <SimpleGrid cols={2}>
            <TextInput
              type="date"
              label={t`Day`}
              min={today}
              value={day}
              onChange={(e) => setDay(e.currentTarget.value)}
              error={errorText(fields.day ?? fields.startsAt)}
            />
            <TextInput
              type="time"
              label={t`Hour`}
              value={hour}
              onChange={(e) => setHour(e.currentTarget.value)}
              error={errorText(fields.hour)}
            />
            <NumberInput label={t`Hours`} min={0} max={24} value={hours} onChange={setHours} allowDecimal={false} />
            <NumberInput
              label={t`Minutes`}
              min={0}
              max={59}
              step={5}
              value={minutes}
              onChange={setMinutes}
              allowDecimal={false}
              error={errorText(fields.durationMinutes ?? fields.durationHours)}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" loading={busy}>
              <Trans>Save this day</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
