import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ZCouponCode } from '@majlis/contracts/billing';
import { Button, Group, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useFieldError } from '../../ui/use-field-error.ts';
import type { Quote } from './api.ts';

/**
 * A coupon refusal is a server catalog id ('coupon.expired' …), shipped to the client with the field messages
 * (scripts/field-messages.ts), so the dialog says what the server would; an id this build does not know gets a
 * general sentence.
 */
function useRefusalText() {
  const { i18n } = useLinguiRuntime();
  const { t } = useLingui();
  return (id: string) => {
    const text = i18n._(id);
    return text && text !== id ? text : t`This coupon cannot be used`;
  };
}

/** The coupon code: Apply asks for a new quote with it, which says whether it applies or why not. */
export function CouponField({ quote, onApply }: { quote: Quote | null; onApply: (code: string | undefined) => void }) {
  const { t } = useLingui();
  const errorText = useFieldError();
  const refusal = useRefusalText();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const apply = () => {
    if (!text.trim()) return onApply(undefined);
    const checked = ZCouponCode.safeParse(text);
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? 'field.coupon');
    onApply(checked.data);
  };
  const coupon = quote?.coupon;
  return (
    <div>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label={t`Coupon code`}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setError(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              apply();
            }
          }}
          error={errorText(error)}
          dir="ltr"
          autoComplete="off"
          style={{ flex: 1, minWidth: 0 }}
        />
        <Button variant="light" onClick={apply} data-testid="apply-coupon">
          <Trans>Apply</Trans>
        </Button>
      </Group>
      {coupon &&
        (coupon.applied ? (
          <Text size="sm" c="teal.9" mt={4} data-testid="coupon-status">
            <Trans>
              Coupon <bdi>{coupon.code}</bdi> applied
            </Trans>
          </Text>
        ) : (
          // Refused, it would make the payment fail (409): Pay waits until the code is removed or replaced.
          <Group gap="xs" mt={4} wrap="nowrap" align="center">
            <Text size="sm" c="red.9" role="alert" data-testid="coupon-status" style={{ flex: 1 }}>
              {refusal(coupon.refusal ?? '')}
            </Text>
            <Button
              variant="subtle"
              color="red"
              size="compact-sm"
              mih={44}
              onClick={() => {
                setText('');
                setError(null);
                onApply(undefined);
              }}
              data-testid="remove-coupon"
            >
              <Trans>Remove the coupon</Trans>
            </Button>
          </Group>
        ))}
    </div>
  );
}
