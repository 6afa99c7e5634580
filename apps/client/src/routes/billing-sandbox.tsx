import { Trans, useLingui } from '@lingui/react/macro';
import { Group } from '@mantine/core';
import { Navigate, useParams } from 'react-router';
import { SandboxCheckout } from '../features/billing/SandboxCheckout.tsx';
import { SignLayout } from '../layouts/SignLayout.tsx';
import { useSessionUser } from '../state/session.tsx';
import { Logo } from '../ui/Logo.tsx';
import { Page } from '../ui/Page.tsx';

/** /billing/sandbox/:ref: the sandbox provider's checkout page, a card of its own as a provider's page would be. */
export default function BillingSandboxPage() {
  const { t } = useLingui();
  const { ref = '' } = useParams();
  const user = useSessionUser();
  if (!user) return <Navigate to="/login" replace />;
  return (
    <Page title={t`Checkout`}>
      <main>
        <Group justify="center" pt="xl">
          <Logo />
        </Group>
        <SignLayout title={<Trans>Checkout</Trans>}>
          <SandboxCheckout reference={ref} />
        </SignLayout>
      </main>
    </Page>
  );
}
