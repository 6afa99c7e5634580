import { Trans, useLingui } from '@lingui/react/macro';
import { type AccountChoice, accountSwitchMachine, type SessionUser } from '@majlis/machines';
import {
  Alert,
  Avatar,
  Button,
  Group,
  Loader,
  LoadingOverlay,
  Modal,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import type { useMachine } from '@xstate/react';
import type { InferRequestType } from 'hono/client';
import { useEffect, useState } from 'react';
import { fromPromise } from 'xstate';
import { api, body } from '../../lib/api.ts';
import { hardNavigation } from '../../lib/navigation.ts';
import { storeUser } from '../../lib/storage.ts';
import { useLanguage } from '../../state/language.tsx';

type SwitchBody = InferRequestType<(typeof api)['inst-login']['$post']>['json'];

export const accountSwitchLogic = accountSwitchMachine.provide({
  actors: {
    switchAccount: fromPromise<SessionUser, { account: AccountChoice }>(({ input }) =>
      body(
        api['inst-login'].$post({
          json: {
            userId: input.account.userId,
            ownerId: input.account.accountId,
            // The role as GET /api/user/accounts gave it; the server checks it against the membership anyway.
            role: input.account.userRole as SwitchBody['role'],
          },
        }),
      ),
    ),
  },
  actions: {
    storeUser: (_, { user }) => storeUser(user),
    // A full load: every cache and socket of the previous account goes away.
    reloadToMeetings: () => hardNavigation.go('/dashbord/meeting'),
  },
});

export type AccountSwitchActor = ReturnType<typeof useMachine<typeof accountSwitchLogic>>;

/** The account-switching dialog (spec §4, §8), opened from the user menu when showAccounts holds. */
export function AccountSwitchDialog({
  machine,
  currentAccountId,
}: {
  machine: AccountSwitchActor;
  currentAccountId: string;
}) {
  const [state, send] = machine;
  const { t } = useLingui();
  const language = useLanguage();
  const [accounts, setAccounts] = useState<AccountChoice[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const open = !state.matches('closed');

  useEffect(() => {
    if (!open || accounts) return;
    body(api.user.accounts.$get())
      .then((r) => setAccounts([...(r.results.me ? [r.results.me] : []), ...r.results.groups]))
      .catch(() => setLoadFailed(true));
  }, [open, accounts]);

  const roleLabel: Record<string, string> = { owner: t`Owner`, admin: t`Admin`, member: t`Member` };

  return (
    <>
      <Modal
        opened={state.matches('choosing')}
        onClose={() => send({ type: 'CLOSE' })}
        title={t`Switch account`}
        centered
      >
        {loadFailed ? (
          <Alert color="red" variant="light">
            <Trans>An error occurred, try again</Trans>
          </Alert>
        ) : !accounts ? (
          <Group justify="center" p="lg">
            <Loader size="sm" />
          </Group>
        ) : (
          <Stack gap="xs" data-testid="account-list">
            {accounts.map((a) => {
              const current = a.accountId === currentAccountId;
              return (
                <UnstyledButton
                  key={`${a.accountId}:${a.userId}`}
                  className="side-link"
                  disabled={current}
                  aria-current={current || undefined}
                  onClick={() => send({ type: 'SELECT', account: a })}
                >
                  <Avatar src={a.accountpicture} radius="xl" size="sm" alt="" />
                  <span className="side-link__label">
                    <bdi>{a.accountName}</bdi>
                  </span>
                  <Text size="xs" c="dimmed">
                    {current ? t`Current` : (roleLabel[a.userRole] ?? a.userRole)}
                  </Text>
                </UnstyledButton>
              );
            })}
          </Stack>
        )}
      </Modal>
      {/* Blocking spinner while the server switches the session. */}
      <LoadingOverlay
        visible={state.matches('switching') || state.matches('switched')}
        zIndex={1000}
        overlayProps={{ blur: 2 }}
        pos="fixed"
        loaderProps={{ 'aria-label': t`Switching account` } as object}
        data-testid="switch-overlay"
      />
      <Modal
        opened={state.matches('failed')}
        onClose={() => send({ type: 'DISMISS' })}
        title={t`Switch account`}
        centered
      >
        <Text role="alert" data-testid="switch-error">
          {state.context.error ? state.context.error[language] : t`An error occurred, try again`}
        </Text>
        <Group justify="flex-end" mt="md">
          <Button onClick={() => send({ type: 'DISMISS' })}>
            <Trans>OK</Trans>
          </Button>
        </Group>
      </Modal>
    </>
  );
}
