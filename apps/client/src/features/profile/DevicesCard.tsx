import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { messageOf } from '../../lib/http.ts';
import { readLocal, writeLocal } from '../../lib/storage.ts';
import { onInstallChange, pendingInstall, promptInstall } from '../../pwa/register.ts';
import { useLanguage } from '../../state/language.tsx';
import { queryKeys } from '../../state/query-keys.ts';
import { toast } from '../../ui/toast.ts';
import { currentSubscription, devicesApi, subscribeThisDevice } from './devices-api.ts';

/** Shown once: a person who said no to installing is not asked again. */
const INSTALL_OFFERED = 'MajlisInstallOffered';

/**
 * "On this phone" (issue 31): notifications on this device (Web Push: a reminder before a meeting, a chat while away,
 * a payment that failed), the devices that get them, and Majlis installed as an app, offered once.
 */
export function DevicesCard() {
  const { t } = useLingui();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const devices = useQuery({ queryKey: queryKeys.profile.devices, queryFn: devicesApi.list });
  const [endpoint, setEndpoint] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [canInstall, setCanInstall] = useState(() => !!pendingInstall() && !readLocal(INSTALL_OFFERED));
  useEffect(() => {
    void currentSubscription().then((s) => setEndpoint(s?.endpoint ?? null));
    return onInstallChange(() => setCanInstall(!!pendingInstall() && !readLocal(INSTALL_OFFERED)));
  }, []);
  const load = () => void queryClient.invalidateQueries({ queryKey: queryKeys.profile.devices });
  const failed = (e: unknown) => toast.error(messageOf(e, language, t`An error occurred, try again`));
  const supported = typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window;

  async function notifyHere() {
    setBusy(true);
    try {
      if (await subscribeThisDevice()) {
        toast.success(t`This device will get your notifications`);
        setEndpoint((await currentSubscription())?.endpoint ?? null);
        load();
      } else toast.error(t`Notifications are blocked in this browser's settings`);
    } catch (e) {
      failed(e);
    } finally {
      setBusy(false);
    }
  }
  async function remove(id: string) {
    try {
      await devicesApi.remove(id);
      load();
    } catch (e) {
      failed(e);
    }
  }
  async function install() {
    writeLocal(INSTALL_OFFERED, '1');
    setCanInstall(false);
    await promptInstall();
  }

  const list = devices.data ?? [];
  const here = list.some((d) => d.endpoint === endpoint);
  return (
    <Paper withBorder p="md" data-testid="devices-card">
      <Stack gap="sm">
        <Title order={2} size="h4">
          <Trans>On this device</Trans>
        </Title>
        <Text size="sm">
          <Trans>
            Get a notification on this device before a meeting starts, for a chat message while you are away, and when a
            payment fails, even with Majlis closed.
          </Trans>
        </Text>
        <Group gap="xs">
          <Button onClick={() => void notifyHere()} loading={busy} disabled={!supported || here}>
            {here ? t`This device gets notifications` : t`Notify this device`}
          </Button>
          {canInstall && (
            <Button variant="light" onClick={() => void install()}>
              <Trans>Install Majlis on this device</Trans>
            </Button>
          )}
        </Group>
        {list.length > 0 && (
          <Stack gap={4} data-testid="push-devices">
            {list.map((d) => (
              <Group key={d.id} justify="space-between" wrap="nowrap" gap="xs">
                {/* A device is named as the sessions list names one, from its user agent ("Chrome — Android", the
                    BFF's push route): a technical name, kept in its own letters, left to right (data-latin). */}
                <Text
                  size="sm"
                  dir={d.label ? 'ltr' : 'auto'}
                  data-latin={d.label ? '' : undefined}
                  style={{ minWidth: 0, overflowWrap: 'anywhere' }}
                >
                  {d.label || t`A browser`}
                </Text>
                <Group gap="xs" wrap="nowrap">
                  {d.endpoint === endpoint && (
                    <Badge variant="light">
                      <Trans>This device</Trans>
                    </Badge>
                  )}
                  <Button size="compact-sm" variant="subtle" color="red" onClick={() => void remove(d.id)}>
                    <Trans>Remove</Trans>
                  </Button>
                </Group>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
