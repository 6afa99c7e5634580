import type { VerifiedTransaction } from '../src/providers/payments/port.ts';

let n = 0;

/** A processed callback as the ledger receives it once verified (the sandbox and Paymob both produce this shape). */
export function verifiedTransaction(
  providerOrderId: string,
  amountMinor: number,
  over: Partial<VerifiedTransaction> = {},
): VerifiedTransaction {
  return {
    kind: 'processed',
    transactionId: `t${Date.now()}${n++}`,
    providerOrderId,
    success: true,
    pending: false,
    refunded: false,
    voided: false,
    amountMinor,
    currency: 'EGP',
    method: 'card',
    brand: 'Visa',
    last4: '4242',
    message: null,
    reason: null,
    parentTransactionId: null,
    ...over,
  };
}
