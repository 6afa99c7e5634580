import { Trans, useLingui } from '@lingui/react/macro';
import { DashPage } from '../../features/dashboard/DashPage.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';

export default function CalenderPage() {
  const { t } = useLingui();
  return (
    <DashPage title={t`Meeting organiser`}>
      <EmptyState title={<Trans>Your calendar is empty</Trans>}>
        <Trans>
          The meeting organiser will show your meetings by day, week and month once meetings can be scheduled.
        </Trans>
      </EmptyState>
    </DashPage>
  );
}
