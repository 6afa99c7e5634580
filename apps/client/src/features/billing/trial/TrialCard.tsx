import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { messageOf } from '../../../lib/http.ts';
import { useLanguage } from '../../../state/language.tsx';
import { useStorageChanged } from '../../../state/live-queries.tsx';
import { queryKeys } from '../../../state/query-keys.ts';
import { type TrialVerification, trialApi, type UserTrial } from './api.ts';
import { TrialDialog } from './TrialDialog.tsx';

/**
 * The free trial (spec §4, §9: 7 days, once per user and per phone number): offered while the user may start one,
 * counted down while it runs, and "Your free trial has been used" once used. Owners start it (GET /api/usertrial
 * says eligible only to them); everyone else sees nothing until they had one.
 */
export function TrialCard() {
  const { t } = useLingui();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const storageChanged = useStorageChanged();
  const read = useQuery({ queryKey: queryKeys.billing.trial, queryFn: trialApi.trial });
  const trial = read.data ?? null;
  const [openError, setOpenError] = useState<string | null>(null);
  const error = openError ?? (read.error && messageOf(read.error, language, t`An error occurred, try again`));
  const [dialog, setDialog] = useState<TrialVerification | null>(null);
  const [opening, setOpening] = useState(false);

  const load = () => {
    setOpenError(null);
    void queryClient.invalidateQueries({ queryKey: queryKeys.billing.trial });
  };

  const open = async () => {
    setOpening(true);
    try {
      setDialog(await trialApi.verification());
    } catch (e) {
      setOpenError(messageOf(e, language, t`An error occurred, try again`));
    } finally {
      setOpening(false);
    }
  };

  if (error && !trial) {
    return (
      <Alert color="red" variant="light" role="alert" data-testid="trial-error">
        {error}
      </Alert>
    );
  }
  if (!trial) return <Loader size="sm" aria-label={t`Loading`} />;
  if (!trial.active && !trial.startsAt && !trial.eligible) return null;

  const days = formatNumber(language, trial.remainingDays);
  const endsOn = trial.endsAt ? formatDate(language, trial.endsAt, { dateStyle: 'medium' }) : '';

  return (
    <Card
      withBorder
      padding="lg"
      radius="md"
      component="section"
      aria-labelledby="trial-title"
      data-testid="trial-card"
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h4" id="trial-title">
            <Trans>Free trial</Trans>
          </Title>
          {trial.active && (
            <Badge color="teal.9" variant="outline">
              <Trans>On trial</Trans>
            </Badge>
          )}
        </Group>
        {trial.active ? (
          <Text data-testid="trial-days">
            {plural(trial.remainingDays, { one: `${days} day left`, other: `${days} days left` })} —{' '}
            <Trans>Ends on {endsOn}</Trans>
          </Text>
        ) : trial.startsAt ? (
          <Text data-testid="trial-used">
            <Trans>Your free trial has been used</Trans>
          </Text>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              <Trans>
                Try a room for 7 days, free. We send a code to your phone by SMS or WhatsApp to unlock it; one trial per
                person and per phone number.
              </Trans>
            </Text>
            {error && (
              <Alert color="red" variant="light" role="alert">
                {error}
              </Alert>
            )}
            <Group>
              <Button onClick={open} loading={opening} data-testid="trial-start">
                <Trans>Start your free 7-day trial</Trans>
              </Button>
            </Group>
          </>
        )}
      </Stack>
      {dialog && (
        <TrialDialog
          initial={dialog}
          onClose={() => {
            setDialog(null);
            load();
          }}
          onActivated={(next) => {
            queryClient.setQueryData<UserTrial>(queryKeys.billing.trial, next);
            // A room was made or given the trial: its subscription is listed at once, and the storage counts it.
            void queryClient.invalidateQueries({ queryKey: queryKeys.billing.subscriptions });
            void queryClient.invalidateQueries({ queryKey: queryKeys.rooms.all });
            storageChanged();
          }}
        />
      )}
    </Card>
  );
}
