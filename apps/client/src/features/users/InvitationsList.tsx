import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Button, Card, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { browserTimeZone, formatWhen } from '../../lib/format.ts';
import { messageOf } from '../../lib/http.ts';
import { useAccount } from '../../state/account.tsx';
import { useLanguage } from '../../state/language.tsx';
import { queryKeys } from '../../state/query-keys.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { toast } from '../../ui/toast.ts';
import { type Invitation, usersApi } from './api.ts';

/** How the page tells the truth about an invitation e-mail: without SMTP_URL it stays in the outbox (README). */
export function useInvitationToast() {
  const { t } = useLingui();
  return (email: string, delivery: 'smtp' | 'outbox' | null, again = false) => {
    if (delivery === 'outbox') {
      return again
        ? t`A new invitation link for ${email} was kept in the outbox: no SMTP server is set`
        : t`The invitation for ${email} was kept in the outbox: no SMTP server is set`;
    }
    return again ? t`A new invitation link was sent to ${email}` : t`An invitation link was sent to ${email}`;
  };
}

/**
 * The account's invitations not yet accepted (GET /api/users/invitations): who is invited, as what, by whom and when,
 * and whether the link still works; resend (a new link) or revoke. Shown under the users while there are any.
 */
export function InvitationsList({
  onChanged,
  readOnly = false,
}: {
  /** Told after a resend or revoke; the page invalidates the users' queries (this list among them). */
  onChanged: (message: string) => void;
  /** The institution's month lapsed: resending waits for its renewal; revoking stays allowed. */
  readOnly?: boolean;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const timeZone = useAccount().info?.timeZone ?? browserTimeZone();
  const told = useInvitationToast();
  const read = useQuery({ queryKey: queryKeys.users.invitations, queryFn: usersApi.invitations });
  const rows = read.data?.invitations ?? null;
  const error = read.error && messageOf(read.error, language, t`An error occurred, try again`);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<Invitation | null>(null);

  const act = async (inv: Invitation, action: () => Promise<string>) => {
    setBusyId(inv.id);
    try {
      const message = await action();
      setRevoking(null);
      onChanged(message);
    } catch (e) {
      toast.error(messageOf(e, language, t`An error occurred, try again`));
    } finally {
      setBusyId(null);
    }
  };
  const resend = (inv: Invitation) =>
    act(inv, async () => {
      const { delivery } = await usersApi.resendInvitation(inv.id);
      return told(inv.email, delivery, true);
    });
  const revoke = (inv: Invitation) =>
    act(inv, async () => {
      await usersApi.revokeInvitation(inv.id);
      const email = inv.email;
      return t`The invitation for ${email} was revoked: its link no longer works`;
    });

  if (error) {
    return (
      <Alert color="red" role="alert">
        {error}
      </Alert>
    );
  }
  if (!rows?.length) return null;
  const when = (iso: string) => formatWhen(language, iso, timeZone, { weekday: undefined });
  const name = revoking ? `${revoking.fname} ${revoking.lname}` : '';

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="invitations-title">
      <Title order={2} size="h4" mb="sm" id="invitations-title">
        <Trans>Invitations not yet accepted</Trans>
      </Title>
      <Stack gap="sm" data-testid="invitations">
        {rows.map((inv) => {
          const by = inv.invitedBy ? `${inv.invitedBy.fname} ${inv.invitedBy.lname}` : t`a former user`;
          const at = when(inv.invitedAt);
          const until = when(inv.expiresAt);
          return (
            <Card key={inv.id} withBorder radius="md" padding="sm" data-testid="invitation-row">
              <Stack gap={6}>
                <Group justify="space-between" align="flex-start" gap="xs">
                  <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                    <bdi>
                      {inv.fname} {inv.lname}
                    </bdi>
                  </Text>
                  <Group gap={6}>
                    <Badge variant="light">{inv.role === 'admin' ? t`Admin` : t`Member`}</Badge>
                    {inv.state === 'open' ? (
                      <Badge color="teal.9" variant="outline" data-testid="invitation-state">
                        <Trans>Invited</Trans>
                      </Badge>
                    ) : inv.state === 'expired' ? (
                      <Badge color="gray.8" variant="outline" data-testid="invitation-state">
                        <Trans>Link expired</Trans>
                      </Badge>
                    ) : (
                      <Badge color="red.9" variant="outline" data-testid="invitation-state">
                        <Trans>Link no longer valid</Trans>
                      </Badge>
                    )}
                  </Group>
                </Group>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  <bdi dir="ltr">{inv.email}</bdi>
                </Text>
                <Text size="sm" c="dimmed">
                  <Trans>
                    Invited by <bdi>{by}</bdi> on {at}
                  </Trans>
                </Text>
                <Text size="sm" c="dimmed">
                  {inv.state === 'inviter' ? (
                    <Trans>Whoever sent it can no longer add users here: resend it to renew it in your name.</Trans>
                  ) : inv.state === 'expired' ? (
                    <Trans>The link expired on {until}: resend it for a new one.</Trans>
                  ) : (
                    <Trans>The link works until {until}.</Trans>
                  )}
                </Text>
                <Group gap="xs" justify="flex-end">
                  <Button
                    size="xs"
                    variant="light"
                    loading={busyId === inv.id && !revoking}
                    disabled={readOnly}
                    onClick={() => resend(inv)}
                    data-testid="invitation-resend"
                  >
                    <Trans>Resend</Trans>
                  </Button>
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    disabled={busyId === inv.id}
                    onClick={() => setRevoking(inv)}
                    data-testid="invitation-revoke"
                  >
                    <Trans>Revoke</Trans>
                  </Button>
                </Group>
              </Stack>
            </Card>
          );
        })}
      </Stack>
      <ConfirmDialog
        opened={revoking !== null}
        title={t`Revoke the invitation`}
        confirmLabel={t`Revoke`}
        busy={busyId !== null}
        onClose={() => setRevoking(null)}
        onConfirm={() => revoking && revoke(revoking)}
      >
        <Trans>
          Revoke the invitation of <bdi>{name}</bdi>? The link in their e-mail will say it was withdrawn.
        </Trans>
      </ConfirmDialog>
    </Paper>
  );
}
