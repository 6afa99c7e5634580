import { useLingui } from '@lingui/react/macro';
import { DashPage } from '../../features/dashboard/DashPage.tsx';
import { TeamsPage } from '../../features/teams/TeamsPage.tsx';

export default function TeamsManagementPage() {
  const { t } = useLingui();
  return (
    <DashPage title={t`Teams`} gate="showTeams">
      <TeamsPage />
    </DashPage>
  );
}
