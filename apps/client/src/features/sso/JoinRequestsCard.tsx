import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDate } from '../../lib/format.ts';
import { formErrorOf } from '../../lib/server-errors.ts';
import { useLanguage } from '../../state/language.tsx';
import { queryKeys } from '../../state/query-keys.ts';
import { domainsApi, type JoinRequests } from './api.ts';

type Request = JoinRequests['requests'][number];

/**
 * Issue 30: people who registered or signed in with an address at a domain the institution proved, where the owner
 * chose approval. The institution's officials (manageUsers) let them in as members or turn them away.
 */
export function JoinRequestsCard() {
  const { data } = useQuery({ queryKey: queryKeys.profile.joinRequests, queryFn: domainsApi.requests });
  // Only while someone waits: an official has nothing to do here otherwise.
  if (!data?.requests.length) return null;
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby="profile-joining">
      <Title order={2} size="h4" mb="xs" id="profile-joining">
        <Trans>Waiting to join</Trans>
      </Title>
      <Stack gap="sm">
        {data.requests.map((r) => (
          <RequestRow key={r.userId} request={r} />
        ))}
      </Stack>
    </Paper>
  );
}

function RequestRow({ request }: { request: Request }) {
  const { t } = useLingui();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<'approve' | 'reject' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const decide = async (approve: boolean) => {
    setFailure(null);
    setBusy(approve ? 'approve' : 'reject');
    try {
      await domainsApi.decide(request.userId, approve);
      queryClient.setQueryData<JoinRequests>(queryKeys.profile.joinRequests, (old) => ({
        requests: (old?.requests ?? []).filter((r) => r.userId !== request.userId),
      }));
    } catch (error) {
      setFailure(formErrorOf(error, language, t`An error occurred, try again`));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Paper withBorder radius="sm" p="sm" data-testid="join-request">
      <Stack gap="xs">
        <div>
          <Text fw={600}>{request.name}</Text>
          <Text size="sm" dir="ltr" ta="start" style={{ overflowWrap: 'anywhere' }}>
            {request.email}
          </Text>
          <Text size="xs" c="dimmed">
            {formatDate(language, request.createdAt, { dateStyle: 'medium' })}
          </Text>
        </div>
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" loading={busy === 'reject'} onClick={() => void decide(false)}>
            <Trans>Turn away</Trans>
          </Button>
          <Button loading={busy === 'approve'} onClick={() => void decide(true)}>
            <Trans>Let in as a member</Trans>
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
