import { useLingui } from '@lingui/react/macro';
import { DashPage } from '../../features/dashboard/DashPage.tsx';
import { RoomsReportPage } from '../../features/reports/RoomsReportPage.tsx';

export default function RoomReportsPage() {
  const { t } = useLingui();
  return (
    <DashPage title={t`Room report`} gate="showReports">
      <RoomsReportPage />
    </DashPage>
  );
}
