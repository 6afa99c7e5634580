import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Center, Progress, RingProgress, Stack, Text, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { digitsFor, formatNumber, showDigits } from '../../lib/format.ts';
import type { Permission, StorageInfo } from '../../state/account.tsx';
import { useLanguage } from '../../state/language.tsx';
import { Icon } from '../../ui/icons.tsx';
import { NoPermissionDialog } from './NoPermissionDialog.tsx';

/** Spec §4, §9: red at 85% used or more; at 100% or more the percentage also shows as a label. */
export const STORAGE_WARN = 85;
export const STORAGE_FULL = 100;

export function StorageBlock({
  storage,
  permission,
  collapsed,
}: {
  storage: StorageInfo | null;
  permission: Permission;
  collapsed: boolean;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const navigate = useNavigate();
  const [denied, setDenied] = useState(false);
  if (!permission.showStorageDetails || !storage) return null;

  if (storage.totalStorage === 0) {
    const update = () => (permission.showBilling ? navigate('/dashbord/billing') : setDenied(true));
    return (
      <div className="storage-block" data-testid="storage-block">
        {collapsed ? (
          <Tooltip label={t`You have no storage space`}>
            <Button size="compact-sm" onClick={update} aria-label={t`Update`}>
              <Icon name="storage" size={16} />
            </Button>
          </Tooltip>
        ) : (
          <Stack gap={6}>
            <Text size="xs">
              <Trans>You have no storage space</Trans>
            </Text>
            <Button size="compact-sm" onClick={update}>
              <Trans>Update</Trans>
            </Button>
          </Stack>
        )}
        <NoPermissionDialog opened={denied} onClose={() => setDenied(false)} />
      </div>
    );
  }

  const percent = Math.max(0, storage.usedPercent);
  const color = percent >= STORAGE_WARN ? 'red' : 'majlis';
  // The server's rule, one decimal (core account-info), so "0.3%" stands beside "0.3% of 30 GB", not "0%" (issue 26).
  const shown = formatNumber(language, Math.round(percent * 10) / 1000, { style: 'percent', maximumFractionDigits: 1 });
  return (
    <div className="storage-block" data-testid="storage-block" data-level={percent >= STORAGE_WARN ? 'warning' : 'ok'}>
      {collapsed ? (
        <Center>
          <RingProgress
            size={44}
            thickness={5}
            roundCaps
            sections={[{ value: Math.min(percent, 100), color }]}
            label={
              <Text size="8px" ta="center">
                {shown}
              </Text>
            }
            aria-label={t`Storage used`}
          />
        </Center>
      ) : (
        <Stack gap={4}>
          <Text size="xs" fw={600}>
            <Icon name="storage" size={14} /> <Trans>Storage</Trans> — {shown}
          </Text>
          <Progress.Root size={percent >= STORAGE_FULL ? 16 : 8}>
            {/* The name goes on the section: it carries role="progressbar" (the root is a plain box). */}
            <Progress.Section value={Math.min(percent, 100)} color={color} aria-label={t`Storage used`}>
              {percent >= STORAGE_FULL && <Progress.Label>{shown}</Progress.Label>}
            </Progress.Section>
          </Progress.Root>
          <Text size="xs" c="dimmed">
            {/* Written by the server in the digits it knew: a Latin reader's choice just made still reads Latin ("0.3%"
                never turns Arabic-Indic here: its "." would then stand beside a digit). */}
            {digitsFor(language) === 'latn'
              ? showDigits(language, storage.message[language])
              : storage.message[language]}
          </Text>
        </Stack>
      )}
    </div>
  );
}
