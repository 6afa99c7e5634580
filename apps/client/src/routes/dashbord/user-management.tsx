import { useLingui } from '@lingui/react/macro';
import { DashPage } from '../../features/dashboard/DashPage.tsx';
import { UsersPage } from '../../features/users/UsersPage.tsx';

export default function UserManagementPage() {
  const { t } = useLingui();
  return (
    <DashPage title={t`Officials and members`} gate="showUserManage">
      <UsersPage />
    </DashPage>
  );
}
