import { Trans, useLingui } from '@lingui/react/macro';
import { DashPage } from '../../features/dashboard/DashPage.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';

export default function MeetingsReportsPage() {
  const { t } = useLingui();
  return (
    <DashPage title={t`Meeting report`} gate="showReports">
      <EmptyState title={<Trans>No reports yet</Trans>}>
        <Trans>Attendance and meeting reports will appear here once meetings have been held.</Trans>
      </EmptyState>
    </DashPage>
  );
}
