import { useLingui } from '@lingui/react/macro';
import { BillingPage } from '../../features/billing/BillingPage.tsx';
import { DashPage } from '../../features/dashboard/DashPage.tsx';

export default function Billing() {
  const { t } = useLingui();
  return (
    <DashPage title={t`Billing`} gate="showBilling">
      <BillingPage />
    </DashPage>
  );
}
