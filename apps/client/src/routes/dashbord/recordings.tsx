import { Trans, useLingui } from '@lingui/react/macro';
import { DashPage } from '../../features/dashboard/DashPage.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';

export default function RecordingsPage() {
  const { t } = useLingui();
  return (
    <DashPage title={t`Recordings`}>
      <EmptyState title={<Trans>No recordings yet</Trans>}>
        <Trans>Recordings of your meetings will be listed here, ready to play and download.</Trans>
      </EmptyState>
    </DashPage>
  );
}
