import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { formatNumber } from '../lib/format.ts';
import { useLanguage } from '../state/language.tsx';
import { Page } from '../ui/Page.tsx';

export default function NotFoundPage() {
  const { t } = useLingui();
  const language = useLanguage();
  return (
    <Page title={t`Page not found`}>
      <Center mih="50vh" p="xl">
        <Stack align="center" ta="center">
          <Text fz={64} fw={800} c="majlis.7">
            {formatNumber(language, 404, { useGrouping: false })}
          </Text>
          <Title order={1} size="h2">
            <Trans>Page not found</Trans>
          </Title>
          <Text c="dimmed">
            <Trans>The page you asked for does not exist or has moved.</Trans>
          </Text>
          <Button component={Link} to="/">
            <Trans>Back to the home page</Trans>
          </Button>
        </Stack>
      </Center>
    </Page>
  );
}
