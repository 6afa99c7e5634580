import { Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** Sign-in, register and password screens: one centred card (spec §2 "SignLayout"). */
export function SignLayout({
  title,
  children,
  wide = false,
}: {
  title: ReactNode;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className="sign-layout">
      <Paper withBorder shadow="sm" radius="md" p="xl" className="sign-card" maw={wide ? 640 : 440}>
        <Title order={1} size="h2" mb="lg">
          {title}
        </Title>
        {children}
      </Paper>
    </div>
  );
}
