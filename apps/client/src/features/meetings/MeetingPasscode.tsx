import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { showDigits } from '../../lib/format.ts';
import { messageOf } from '../../lib/http.ts';
import { useLanguage } from '../../state/language.tsx';
import { queryKeys } from '../../state/query-keys.ts';
import { toast } from '../../ui/toast.ts';
import { type Meeting, meetingsApi } from './api.ts';

/**
 * A meeting's passcode on its card (issue 30). Only hosts read meetings, so only they see it: shown in the reader's
 * digits, copied in Latin ones; a new one (the old one and its links stop working) or none at all.
 */
export function MeetingPasscode({ meeting }: { meeting: Pick<Meeting, 'id' | 'name' | 'passcode' | 'status'> }) {
  const { t } = useLingui();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const changeable = meeting.status === 'available' || meeting.status === 'running';
  const name = meeting.name;

  async function change(on: boolean) {
    setBusy(true);
    try {
      await (on ? meetingsApi.newPasscode(meeting.id) : meetingsApi.removePasscode(meeting.id));
      toast.success(on ? t`The meeting has a new passcode` : t`The passcode is off`);
      await queryClient.invalidateQueries({ queryKey: queryKeys.meetings.all });
    } catch (e) {
      toast.error(messageOf(e, language, t`An error occurred, try again`));
    } finally {
      setBusy(false);
    }
  }

  async function copy(passcode: string) {
    try {
      await navigator.clipboard.writeText(passcode);
      toast.success(t`The passcode was copied`);
    } catch {
      toast.show(passcode);
    }
  }

  if (!meeting.passcode && !changeable) return null;
  return (
    <Group gap={6} data-testid="meeting-passcode" wrap="wrap">
      <Text size="sm">
        {meeting.passcode ? (
          <Trans>
            Passcode{' '}
            <bdi dir="ltr" data-testid="meeting-passcode-value" style={{ fontWeight: 600 }}>
              {showDigits(language, meeting.passcode)}
            </bdi>
          </Trans>
        ) : (
          <Trans>No passcode: the number alone lets people in</Trans>
        )}
      </Text>
      {meeting.passcode && (
        <Button
          size="compact-xs"
          variant="subtle"
          onClick={() => copy(meeting.passcode as string)}
          aria-label={t`Copy the passcode of ${name}`}
        >
          <Trans>Copy</Trans>
        </Button>
      )}
      {changeable && (
        <Button size="compact-xs" variant="subtle" onClick={() => change(true)} loading={busy}>
          {meeting.passcode ? <Trans>New passcode</Trans> : <Trans>Add a passcode</Trans>}
        </Button>
      )}
      {changeable && meeting.passcode && (
        <Button size="compact-xs" variant="subtle" color="gray" onClick={() => change(false)} disabled={busy}>
          <Trans>Turn off</Trans>
        </Button>
      )}
    </Group>
  );
}
