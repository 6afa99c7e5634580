import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { formatPhone } from '../../lib/format.ts';
import { messageOf } from '../../lib/http.ts';
import { useLanguage } from '../../state/language.tsx';
import type { ManagedUser, UpdateUserBody } from './api.ts';

type ManagedRole = NonNullable<UpdateUserBody['role']>;

/**
 * An institution changes what a person is in it, never who they are (issue 25): the role here, nothing else. Name,
 * e-mail and phone are one row shared with the person's own account and every other one they belong to, so they are
 * shown, not offered, and the person changes them in their own profile.
 */
export function UserRoleDialog({
  user,
  onClose,
  onSave,
}: {
  /** null: closed. Never the owner or the acting user (their rows offer no role change). */
  user: ManagedUser | null;
  onClose: () => void;
  onSave: (id: string, body: UpdateUserBody) => Promise<void>;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const [role, setRole] = useState<ManagedRole | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const current = user && user.role !== 'owner' ? user.role : null;

  useEffect(() => {
    setRole(current);
    setError(null);
  }, [current]);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!user || !role) return;
    setError(null);
    setBusy(true);
    try {
      await onSave(user.id, { role });
    } catch (err) {
      setError(messageOf(err, language, t`An error occurred, try again`));
    } finally {
      setBusy(false);
    }
  };

  const name = user ? `${user.fname} ${user.lname}` : '';
  return (
    <Modal
      opened={!!user}
      onClose={onClose}
      title={t`Change the role`}
      centered
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      <form noValidate onSubmit={submit} data-testid="user-role-form">
        <Stack>
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          {user && (
            <Stack gap={2} data-testid="user-identity">
              <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                <bdi>{name}</bdi>
              </Text>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                <bdi dir="ltr">{user.email}</bdi>
              </Text>
              {user.phone && (
                <Text size="sm">
                  <bdi dir="ltr">{formatPhone(language, user.phone)}</bdi>
                </Text>
              )}
              <Text size="sm" c="dimmed" mt={4}>
                <Trans>
                  Name, e-mail and phone number belong to the person: they change them in their own profile.
                </Trans>
              </Text>
            </Stack>
          )}
          <Select
            allowDeselect={false}
            label={t`Role in this account`}
            data={[
              { value: 'admin', label: t`Admin` },
              { value: 'member', label: t`Member` },
            ]}
            value={role}
            onChange={(v) => setRole(v as ManagedRole | null)}
            required
            data-autofocus
            comboboxProps={{ withinPortal: true }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" loading={busy} disabled={!role || role === current}>
              <Trans>Save</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
