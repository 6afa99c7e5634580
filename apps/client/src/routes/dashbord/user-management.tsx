import { Trans, useLingui } from '@lingui/react/macro';
import { DashPage } from '../../features/dashboard/DashPage.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';

export default function UserManagementPage() {
  const { t } = useLingui();
  return (
    <DashPage title={t`Officials and members`} gate="showUserManage">
      <EmptyState title={<Trans>No users yet</Trans>}>
        <Trans>Adding admins and members to your organisation arrives in an upcoming release.</Trans>
      </EmptyState>
    </DashPage>
  );
}
