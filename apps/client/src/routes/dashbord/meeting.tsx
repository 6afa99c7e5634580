import { Trans, useLingui } from '@lingui/react/macro';
import { DashPage } from '../../features/dashboard/DashPage.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';

export default function MeetingPage() {
  const { t } = useLingui();
  return (
    <DashPage title={t`Meetings`}>
      <EmptyState title={<Trans>No meetings yet</Trans>}>
        <Trans>
          Creating, scheduling and joining meetings arrives in an upcoming release. Your meetings will be listed here.
        </Trans>
      </EmptyState>
    </DashPage>
  );
}
