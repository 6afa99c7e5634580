import { useLingui } from '@lingui/react/macro';
import { useParams } from 'react-router';
import { InvoicePage } from '../../features/billing/invoices/InvoicePage.tsx';
import { DashPage } from '../../features/dashboard/DashPage.tsx';

export default function BillingInvoice() {
  const { t } = useLingui();
  const { id = '' } = useParams();
  return (
    <DashPage title={t`Invoice`} gate="showBilling">
      <InvoicePage id={id} />
    </DashPage>
  );
}
