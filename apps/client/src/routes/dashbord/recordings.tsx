import { useLingui } from '@lingui/react/macro';
import { DashPage } from '../../features/dashboard/DashPage.tsx';
import { RecordingsPage as Recordings } from '../../features/recordings/RecordingsPage.tsx';

/** /dashbord/recordings (no gate: everyone sees the recordings they may see). */
export default function RecordingsPage() {
  const { t } = useLingui();
  return (
    <DashPage title={t`Recordings`}>
      <Recordings />
    </DashPage>
  );
}
