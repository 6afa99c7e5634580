import { Trans, useLingui } from '@lingui/react/macro';
import { dateOptions } from '@majlis/i18n';
import type { NotificationItem } from '@majlis/machines';
import { Avatar, Button, CloseButton, Drawer, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { type MouseEvent, useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { api, body } from '../../lib/api.ts';
import { intlLocale, viewZone } from '../../lib/format.ts';
import { useLanguage } from '../../state/language.tsx';
import { useSessionUser } from '../../state/session.tsx';
import { BILLING_PATH, NotificationsContext } from './NotificationsProvider.tsx';
import './notifications.css';

const COLORS: Record<NotificationItem['type'], string> = {
  notif: 'blue',
  success: 'green',
  warning: 'orange',
  danger: 'red',
};

/** A renewal reminder names its subscription: its renew-now opens that renewal on the billing page, in one step. */
function renewLink(n: NotificationItem): string {
  const id = (n.event_meta as { subscriptionId?: unknown } | null)?.subscriptionId;
  return typeof id === 'string' && id ? `${BILLING_PATH}?renew=${encodeURIComponent(id)}` : BILLING_PATH;
}

/** The notifications drawer (spec §2, §4, §8): reloads when opened; dismiss removes; danger offers renew-now. */
export function NotificationsDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const language = useLanguage();
  const actor = NotificationsContext.useActorRef();
  const items = NotificationsContext.useSelector((s) => s.context.items);
  const loading = NotificationsContext.useSelector((s) => s.matches('loading'));
  const renewNow = NotificationsContext.useSelector((s) => s.matches({ ready: 'renewNow' }));

  const user = useSessionUser();
  const navigate = useNavigate();
  useEffect(() => {
    if (!opened) return;
    actor.send({ type: 'notifications.reload' });
    // Seen: the bell's unread count goes back to nothing (spec §7 POST /api/notif/notify), then the list shows them read.
    if (user) {
      void body(api.notif.notify.$post({ json: { ownerId: user.ownerId, userId: user.id } }))
        .then(() => actor.send({ type: 'notifications.reload' }))
        .catch(() => {});
    }
  }, [opened, actor, user]);

  /** A link of ours in a message (/dashbord/…, /recording/…, /join/…) opens in the app, and the drawer closes (a link's keyboard activation is a click too). */
  const follow = (e: MouseEvent<HTMLElement>) => {
    const href = (e.target as Element).closest('a')?.getAttribute('href');
    if (!href?.startsWith('/') || href.startsWith('//') || e.ctrlKey || e.metaKey || e.shiftKey) return;
    e.preventDefault();
    onClose();
    navigate(href);
  };

  const typeLabel: Record<NotificationItem['type'], string> = {
    notif: t`Notice`,
    success: t`Done`,
    warning: t`Warning`,
    danger: t`Urgent`,
  };
  const time = new Intl.DateTimeFormat(
    intlLocale(language),
    dateOptions({ dateStyle: 'medium', timeStyle: 'short', timeZone: viewZone() }, intlLocale(language)),
  );

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      // Mantine mirrors the side under RTL: 'right' is the end side, beside the bell, in both languages.
      position="right"
      title={t`Notifications`}
      closeButtonProps={{ 'aria-label': t`Close the notifications` }}
    >
      {loading && items.length === 0 ? (
        <Group justify="center" py="md">
          <Loader size="sm" aria-label={t`Loading`} />
        </Group>
      ) : items.length === 0 ? (
        <Text c="dimmed" size="sm">
          <Trans>You have no notifications.</Trans>
        </Text>
      ) : (
        <Stack gap="sm" component="ul" className="notif-list" data-testid="notification-list" onClick={follow}>
          {items.map((n) => (
            <Paper
              key={n.id}
              component="li"
              withBorder
              radius="md"
              p="sm"
              className="notif"
              data-type={n.type}
              data-testid="notification"
              style={{ borderInlineStartColor: `var(--mantine-color-${COLORS[n.type]}-6)` }}
            >
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                {n.source_type === 'chat' && (
                  <Avatar
                    src={(n.event_meta as { senderPic?: string } | null)?.senderPic ?? null}
                    radius="xl"
                    size="md"
                    alt=""
                    data-testid="notification-sender"
                  />
                )}
                <div className="notif__body">
                  <Text size="xs" fw={700} c={`${COLORS[n.type]}.9`}>
                    {typeLabel[n.type]}
                  </Text>
                  <Text fw={700} size="sm">
                    {n.title}
                  </Text>
                  {/* Spec §3: the message is HTML. Only our catalog template's markup is markup: the server escapes every
                      value (names, chat text) and allow-lists the result; its links carry rel="noopener noreferrer". */}
                  {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server by sanitize-html (core notifications.ts renderNotification: escapeValues, then the ALLOWED tag list). */}
                  <div className="notif__message" dangerouslySetInnerHTML={{ __html: n.message }} />
                  <Text size="xs" c="dimmed" component="time" dateTime={n.createdAt}>
                    {time.format(new Date(n.createdAt))}
                  </Text>
                </div>
                <CloseButton
                  size="sm"
                  aria-label={t`Dismiss: ${n.title}`}
                  onClick={() => actor.send({ type: 'notification.dismiss', id: n.id })}
                />
              </Group>
              {n.type === 'danger' && renewNow && (
                <Button component={Link} to={renewLink(n)} onClick={onClose} color="red" size="xs" mt="xs">
                  <Trans>Renew now</Trans>
                </Button>
              )}
            </Paper>
          ))}
        </Stack>
      )}
    </Drawer>
  );
}
