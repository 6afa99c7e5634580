import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { messageOf } from '../../lib/http.ts';
import { readLocal, writeLocal } from '../../lib/storage.ts';
import { useLanguage } from '../../state/language.tsx';
import { queryKeys } from '../../state/query-keys.ts';
import { toast } from '../../ui/toast.ts';
import { currentSubscription, devicesApi, subscribeThisDevice } from './devices-api.ts';

/** Remembered on this browser once offered: the suggestion is made once, whatever the answer. */
export const PUSH_SUGGESTED = 'MajlisPushSuggested';

/**
 * Whether a meeting just created may bring the suggestion (issue 31): this browser can receive Web Push, has not been
 * offered it yet, and has not blocked notifications. The first meeting created here is the one that brings it.
 */
export function maySuggestPush(): boolean {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator) || !('PushManager' in window)) return false;
  if (readLocal(PUSH_SUGGESTED)) return false;
  return typeof Notification === 'undefined' || Notification.permission !== 'denied';
}

/**
 * "Get your meeting reminders on this device?" (issue 31), shown on the meetings page after a meeting is created:
 * once (remembered as soon as it shows), dismissable, and only when this device does not get notifications yet and
 * the server can send them (a VAPID key).
 */
export function PushSuggestion({ onDone }: { onDone: () => void }) {
  const { t } = useLingui();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const [shown, setShown] = useState(false);
  const [busy, setBusy] = useState(false);
  const done = useRef(onDone);
  done.current = onDone;
  useEffect(() => {
    let live = true;
    void Promise.all([currentSubscription(), devicesApi.key()])
      .then(([sub, key]) => {
        if (!live) return;
        if (sub || !key) return done.current();
        writeLocal(PUSH_SUGGESTED, '1');
        setShown(true);
      })
      .catch(() => live && done.current());
    return () => {
      live = false;
    };
  }, []);
  if (!shown) return null;

  async function accept() {
    setBusy(true);
    try {
      if (await subscribeThisDevice()) {
        toast.success(t`This device will get your notifications`);
        void queryClient.invalidateQueries({ queryKey: queryKeys.profile.devices });
      } else toast.error(t`Notifications are blocked in this browser's settings`);
      onDone();
    } catch (e) {
      toast.error(messageOf(e, language, t`An error occurred, try again`));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Paper withBorder p="md" data-testid="push-suggestion" role="region" aria-labelledby="push-suggestion-title">
      <Stack gap={4}>
        <Text fw={700} id="push-suggestion-title">
          <Trans>Get your meeting reminders on this device?</Trans>
        </Text>
        <Text size="sm">
          <Trans>
            A notification reaches this device before a meeting starts and when a chat message arrives while you are
            away, even with Majlis closed. You can change this later in your profile.
          </Trans>
        </Text>
      </Stack>
      <Group gap="xs" mt="sm">
        <Button onClick={() => void accept()} loading={busy}>
          <Trans>Notify this device</Trans>
        </Button>
        <Button variant="subtle" onClick={onDone}>
          <Trans>Not now</Trans>
        </Button>
      </Group>
    </Paper>
  );
}
