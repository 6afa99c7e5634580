import { useLingui } from '@lingui/react/macro';
import { DashPage } from '../../features/dashboard/DashPage.tsx';
import { RoomsPage } from '../../features/rooms/RoomsPage.tsx';

export default function RoomManagementPage() {
  const { t } = useLingui();
  return (
    <DashPage title={t`Meeting rooms`} gate="showMeetingRooms">
      <RoomsPage />
    </DashPage>
  );
}
