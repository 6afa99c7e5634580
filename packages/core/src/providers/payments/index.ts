import { type Config, ConfigError, PAYMOB_REQUIRED } from '../../config.ts';
import { paymobProvider } from './paymob.ts';
import type { PaymentProvider } from './port.ts';
import { sandboxProvider } from './sandbox.ts';

export type {
  CallbackInput,
  CheckoutRequest,
  CheckoutStart,
  PaymentMethod,
  PaymentProvider,
  VerifiedTransaction,
} from './port.ts';
export { PaymentProviderError } from './port.ts';

const byConfig = new WeakMap<Config, PaymentProvider>();

/**
 * The provider PAYMENTS_PROVIDER names (sandbox unless it says paymob), one per config. parseConfig already refuses a
 * paymob choice with a key missing; this says so again for a config built some other way.
 */
export function paymentProviderFor(config: Config): PaymentProvider {
  let provider = byConfig.get(config);
  if (!provider) {
    if (config.PAYMENTS_PROVIDER === 'paymob') {
      const missing = PAYMOB_REQUIRED.find((name) => config[name] === undefined);
      if (missing) throw new ConfigError(missing, 'is required with PAYMENTS_PROVIDER=paymob');
      provider = paymobProvider({
        secretKey: config.PAYMOB_SECRET_KEY as string,
        publicKey: config.PAYMOB_PUBLIC_KEY as string,
        hmacSecret: config.PAYMOB_HMAC_SECRET as string,
        cardIntegrationId: config.PAYMOB_CARD_INTEGRATION_ID as number,
        walletIntegrationId: config.PAYMOB_WALLET_INTEGRATION_ID,
        baseUrl: config.PAYMOB_BASE_URL,
      });
    } else {
      provider = sandboxProvider(config);
    }
    byConfig.set(config, provider);
  }
  return provider;
}
