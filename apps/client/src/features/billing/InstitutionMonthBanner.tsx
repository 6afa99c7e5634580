import { Trans } from '@lingui/react/macro';
import { INSTITUTION_GRACE_DAYS } from '@majlis/contracts/institution-month';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { browserTimeZone, formatNumber, formatWhen } from '../../lib/format.ts';
import { useAccount } from '../../state/account.tsx';
import { useLanguage } from '../../state/language.tsx';
import { useInstitutionMonth } from './institution-month.ts';

const DAY_ONLY = { weekday: undefined, hour: undefined, minute: undefined } as const;

/**
 * Above every dashboard page, to the institution's officials (owner and admins): its month has ended (grace: renew
 * before the administration becomes read-only) or lapsed (read-only: users, invitations, teams and room assignment
 * wait for a renewal; rooms and meetings go on). The owner gets billing's renewal at one click; an admin is told the
 * owner must renew. Read again on every page change, so it goes as soon as the renewal is paid.
 */
export function InstitutionMonthBanner() {
  const account = useAccount();
  const language = useLanguage();
  const { pathname } = useLocation();
  // Read again on each page change (a renewal just paid); null for anyone but the institution's officials.
  const month = useInstitutionMonth(pathname);

  if (!month || (month.state !== 'grace' && month.state !== 'lapsed')) return null;
  const zone = account.info?.timeZone ?? browserTimeZone();
  const ended = month.endsAt ? formatWhen(language, month.endsAt, zone, DAY_ONLY) : '';
  const readOnly = month.readOnlyAt ? formatWhen(language, month.readOnlyAt, zone, DAY_ONLY) : '';
  const grace = formatNumber(language, INSTITUTION_GRACE_DAYS);
  const lapsed = month.state === 'lapsed';
  const renew = month.subscriptionId ? `/dashbord/billing?renew=${encodeURIComponent(month.subscriptionId)}` : '';

  return (
    <Alert
      color={lapsed ? 'red' : 'orange'}
      variant="light"
      role={lapsed ? 'alert' : 'status'}
      mb="md"
      data-testid="institution-month-banner"
      data-state={month.state}
      title={
        lapsed ? (
          <Trans>Your institution's administration is read-only</Trans>
        ) : (
          <Trans>Your institution's monthly subscription has ended</Trans>
        )
      }
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          {lapsed ? (
            <Trans>
              The institution's monthly subscription ended on {ended} and its {grace}-day grace is over. Until it is
              renewed, adding or inviting users, teams, room assignment and user status changes are paused. Rooms and
              meetings keep working.
            </Trans>
          ) : (
            <Trans>
              The institution's monthly subscription ended on {ended}. Renew it before {readOnly} to keep managing
              users, teams and room assignment.
            </Trans>
          )}
        </Text>
        {month.canRenew && renew ? (
          <Button component={Link} to={renew} color={lapsed ? 'red' : 'orange.9'} size="xs">
            <Trans>Renew the institution's month</Trans>
          </Button>
        ) : (
          <Text size="sm" fw={500}>
            <Trans>Only the institution's owner can renew it: ask them to renew it from Billing.</Trans>
          </Text>
        )}
      </Stack>
    </Alert>
  );
}
