import { useLingui } from '@lingui/react/macro';
import { DashPage } from '../../features/dashboard/DashPage.tsx';
import { MeetingsReportPage } from '../../features/reports/MeetingsReportPage.tsx';

export default function MeetingsReportsPage() {
  const { t } = useLingui();
  return (
    <DashPage title={t`Meeting report`} gate="showReports">
      <MeetingsReportPage />
    </DashPage>
  );
}
