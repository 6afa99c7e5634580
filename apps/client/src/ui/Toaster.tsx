import { useLingui } from '@lingui/react/macro';
import { CloseButton, Loader, Paper, Text } from '@mantine/core';
import { dismissToast, useToasts } from './toast.ts';

const COLOR = {
  blank: 'var(--mantine-color-dark-6)',
  success: 'var(--mantine-color-teal-8)',
  error: 'var(--mantine-color-red-8)',
  loading: 'var(--mantine-color-dark-6)',
};

/** Toasts sit at the top-left (spec §2), mirrored to the top-right in Arabic (app.css .toaster). */
export function Toaster() {
  const toasts = useToasts();
  const { t } = useLingui();
  return (
    <div className="toaster" aria-live="polite" role="status">
      {toasts.map((item) => (
        <Paper
          key={item.id}
          shadow="md"
          radius="md"
          p="sm"
          className="toast"
          style={{ borderInlineStart: `4px solid ${COLOR[item.kind]}` }}
        >
          {item.kind === 'loading' && <Loader size="xs" />}
          <Text size="sm" style={{ flex: 1 }}>
            {item.message}
          </Text>
          {item.kind !== 'loading' && (
            <CloseButton size="sm" aria-label={t`Close`} onClick={() => dismissToast(item.id)} />
          )}
        </Paper>
      ))}
    </div>
  );
}
