import { useLingui } from '@lingui/react/macro';
import { DashPage } from '../../features/dashboard/DashPage.tsx';
import { MeetingsPage } from '../../features/meetings/MeetingsPage.tsx';

export default function MeetingPage() {
  const { t } = useLingui();
  return (
    <DashPage title={t`Meetings`}>
      <MeetingsPage />
    </DashPage>
  );
}
