import { useLingui } from '@lingui/react/macro';
import type { SessionEndReason } from '@majlis/machines';
import { Alert } from '@mantine/core';
import { useSessionEndReason } from '../../state/session.tsx';

/** Why the server signed this page out (the socket's `session.ended`), on the login page until the next sign-in. */
export function SessionEndedNotice() {
  const { t } = useLingui();
  const reason = useSessionEndReason();
  if (!reason) return null;
  const why: Record<SessionEndReason, string> = {
    logout: t`You were signed out: this session was signed out`,
    passwordChanged: t`You were signed out: your password was changed`,
    passwordReset: t`You were signed out: your password was reset`,
    idle: t`You were signed out: the session was idle for too long`,
    expired: t`You were signed out: the session reached its time limit`,
    deactivated: t`You were signed out: your access to this account was deactivated`,
    suspended: t`You were signed out: this account was suspended`,
    switched: t`You were signed out: this browser switched to another account`,
  };
  return (
    <Alert color="yellow" variant="light" role="status" data-testid="session-ended">
      {why[reason]}
    </Alert>
  );
}
