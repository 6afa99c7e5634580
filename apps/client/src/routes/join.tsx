import { Trans, useLingui } from '@lingui/react/macro';
import { toAsciiDigits } from '@majlis/i18n';
import { Alert, Button, Paper, Stack, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { Page } from '../ui/Page.tsx';

/** Join by meeting number. The lookup arrives with meetings; until then the page says so after checking the number. */
export default function JoinPage() {
  const { t } = useLingui();
  const [number, setNumber] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <Page title={t`Join a meeting`}>
      <Paper withBorder radius="md" p="xl" maw={520} mx="auto">
        <Title order={1} size="h2" mb="md">
          <Trans>Join a meeting</Trans>
        </Title>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            setSubmitted(false);
            if (!/^\d{4,}$/.test(number)) return setError(t`Enter the meeting number`);
            setError(null);
            setSubmitted(true);
          }}
        >
          <Stack>
            <TextInput
              label={t`Meeting number`}
              inputMode="numeric"
              dir="ltr"
              value={number}
              // Arabic-Indic digits are accepted as they are typed (reference §5).
              onChange={(e) => setNumber(toAsciiDigits(e.currentTarget.value).replace(/[^\d]/g, ''))}
              error={error}
            />
            <Button type="submit">
              <Trans>Join</Trans>
            </Button>
            {submitted && (
              <Alert color="blue" variant="light">
                <Trans>Joining by number opens with meetings in an upcoming release.</Trans>
              </Alert>
            )}
          </Stack>
        </form>
      </Paper>
    </Page>
  );
}
