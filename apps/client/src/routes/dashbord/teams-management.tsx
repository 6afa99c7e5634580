import { Trans, useLingui } from '@lingui/react/macro';
import { DashPage } from '../../features/dashboard/DashPage.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';

export default function TeamsManagementPage() {
  const { t } = useLingui();
  return (
    <DashPage title={t`Teams`} gate="showTeams">
      <EmptyState title={<Trans>No teams yet</Trans>}>
        <Trans>Setting up teams for your organisation arrives in an upcoming release.</Trans>
      </EmptyState>
    </DashPage>
  );
}
