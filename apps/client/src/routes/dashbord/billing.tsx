import { Trans, useLingui } from '@lingui/react/macro';
import { DashPage } from '../../features/dashboard/DashPage.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';

export default function BillingPage() {
  const { t } = useLingui();
  return (
    <DashPage title={t`Billing`} gate="showBilling">
      <EmptyState title={<Trans>Billing is not open yet</Trans>}>
        <Trans>Plans, subscriptions, invoices and the free trial will be managed here in an upcoming release.</Trans>
      </EmptyState>
    </DashPage>
  );
}
