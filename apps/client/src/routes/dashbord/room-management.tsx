import { Trans, useLingui } from '@lingui/react/macro';
import { DashPage } from '../../features/dashboard/DashPage.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';

export default function RoomManagementPage() {
  const { t } = useLingui();
  return (
    <DashPage title={t`Meeting rooms`} gate="showMeetingRooms">
      <EmptyState title={<Trans>No rooms yet</Trans>}>
        <Trans>Buying and managing meeting rooms arrives with billing. Each room comes with 10 GB of storage.</Trans>
      </EmptyState>
    </DashPage>
  );
}
