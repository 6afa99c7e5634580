import { Trans, useLingui } from '@lingui/react/macro';
import { DashPage } from '../../features/dashboard/DashPage.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';

export default function RoomReportsPage() {
  const { t } = useLingui();
  return (
    <DashPage title={t`Room report`} gate="showReports">
      <EmptyState title={<Trans>No reports yet</Trans>}>
        <Trans>Room usage reports will appear here once rooms are in use.</Trans>
      </EmptyState>
    </DashPage>
  );
}
