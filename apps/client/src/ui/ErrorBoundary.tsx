import { Trans } from '@lingui/react/macro';
import { Button, Center, Stack, Title } from '@mantine/core';
import { Component, type ReactNode, useEffect } from 'react';
import { hardNavigation } from '../lib/navigation.ts';

/** Spec §2: 'Oops, there is an error!' with 'Try again?', and a reload after 5 seconds. */
export const RELOAD_AFTER_MS = 5000;

export function ErrorScreen() {
  useEffect(() => {
    const timer = setTimeout(() => hardNavigation.reload(), RELOAD_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <Center mih="60vh" role="alert">
      <Stack align="center">
        <Title order={2}>
          <Trans>Oops, there is an error!</Trans>
        </Title>
        <Button onClick={() => hardNavigation.reload()}>
          <Trans>Try again?</Trans>
        </Button>
      </Stack>
    </Center>
  );
}

export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    return this.state.failed ? <ErrorScreen /> : this.props.children;
  }
}
