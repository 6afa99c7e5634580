import { useLingui } from '@lingui/react/macro';
import type { TPurchase } from '@majlis/contracts/billing';
import { paymentMachine } from '@majlis/machines';
import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { createActor } from 'xstate';
import { messageOf } from '../../lib/http.ts';
import { inspect } from '../../lib/inspect.ts';
import { useLanguage } from '../../state/language.tsx';
import { billingApi, goToPayment, type Quote } from './api.ts';

/** A key for POST /api/billing/checkout (contracts: 8–64 of [A-Za-z0-9_-]); the same key gets the same order. */
export function newClientKey(): string {
  // randomUUID exists only in secure contexts (https, localhost); a server reached over plain http on a LAN address
  // still has getRandomValues.
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID().replaceAll('-', '');
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Where the dialog stands: choosing (the payment machine's draft), paying (pending, no answer yet), leaving. */
export type CheckoutPhase = 'choosing' | 'paying' | 'leaving';

/**
 * The checkout dialog's quote and payment. Every change of the purchase asks POST /api/billing/quote (a late answer
 * for an older purchase is dropped). Pay is the `payment` statechart's `checkout.submit`: from `draft` it creates the
 * order once, and `pending` ignores a second submit, so a double click sends one checkout. The key is chosen when the
 * dialog opens: a retry after a failed request (back to a new `draft`: no order reached the browser) reuses it, and
 * so the same order if the server had made it.
 */
export function useCheckout(opened: boolean, purchase: TPurchase | null) {
  const { t } = useLingui();
  const language = useLanguage();
  const fallback = t`An error occurred, try again`;
  const [quote, setQuote] = useState<Quote | null>(null);
  const [quoting, setQuoting] = useState(false);
  const [quoteError, setQuoteError] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const [payError, setPayError] = useState<unknown>(null);
  const clientKey = useRef('');
  const toBuy = useRef<TPurchase | null>(null);
  const asked = useRef(0);

  const restart = useRef<() => void>(() => {});
  const logic = useMemo(() => {
    const createOrder = async () => {
      const purchase = toBuy.current;
      if (!purchase) return;
      setPayError(null);
      try {
        const answer = await billingApi.checkout({ clientKey: clientKey.current, purchase });
        setLeaving(true);
        goToPayment(answer);
      } catch (e) {
        setPayError(e);
        restart.current();
      }
    };
    return paymentMachine.provide({ actions: { createOrder: () => void createOrder() } });
  }, []);
  // No timers or invoked actors inside: a replaced actor needs no stopping (and StrictMode's double effects cannot
  // stop the live one).
  const [actor, setActor] = useState(() => createActor(logic, { inspect }).start());
  restart.current = () => setActor(createActor(logic, { inspect }).start());
  const state = useSelector(actor, (s) => s.value);

  useEffect(() => {
    if (!opened) return;
    clientKey.current = newClientKey();
    setLeaving(false);
    setPayError(null);
    setQuote(null);
    restart.current();
  }, [opened]);

  const purchaseKey = purchase ? JSON.stringify(purchase) : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: the purchase is compared by its JSON (a new object each render).
  useEffect(() => {
    if (!opened || !purchase) return;
    const n = ++asked.current;
    setQuoting(true);
    setQuoteError(null);
    billingApi
      .quote(purchase)
      .then((q) => n === asked.current && setQuote(q))
      .catch((e) => {
        if (n !== asked.current) return;
        setQuote(null);
        setQuoteError(messageOf(e, language, fallback));
      })
      .finally(() => n === asked.current && setQuoting(false));
  }, [opened, purchaseKey, language, fallback]);

  const pay = useCallback(
    (what: TPurchase) => {
      if (!actor.getSnapshot().matches('draft')) return;
      toBuy.current = what;
      actor.send({ type: 'checkout.submit' });
    },
    [actor],
  );

  const phase: CheckoutPhase = state === 'draft' ? 'choosing' : leaving ? 'leaving' : 'paying';
  return { quote, quoting, quoteError, phase, payError, pay };
}
