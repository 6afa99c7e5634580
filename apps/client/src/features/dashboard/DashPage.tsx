import { Trans, useLingui } from '@lingui/react/macro';
import { Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { type Permission, useAccount } from '../../state/account.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Page } from '../../ui/Page.tsx';

/** A dashboard page: its title, and what to show when the permission flag that gates it is off. */
export function DashPage({ title, gate, children }: { title: string; gate?: keyof Permission; children: ReactNode }) {
  const { permission } = useAccount();
  const { t } = useLingui();
  return (
    <Page title={title}>
      <Title order={1} size="h2" mb="lg">
        {title}
      </Title>
      {gate && !permission[gate] ? (
        <EmptyState title={t({ id: 'YouDonHavePermission', message: "You don't have permission" })}>
          <Trans>Ask the owner of this account for access.</Trans>
        </EmptyState>
      ) : (
        children
      )}
    </Page>
  );
}
