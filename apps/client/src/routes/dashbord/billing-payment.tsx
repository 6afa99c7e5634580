import { useLingui } from '@lingui/react/macro';
import { useParams } from 'react-router';
import { PaymentResult } from '../../features/billing/PaymentResult.tsx';
import { DashPage } from '../../features/dashboard/DashPage.tsx';

export default function BillingPaymentPage() {
  const { t } = useLingui();
  const { orderId = '' } = useParams();
  return (
    <DashPage title={t`Payment`} gate="showBilling">
      <PaymentResult orderId={orderId} />
    </DashPage>
  );
}
