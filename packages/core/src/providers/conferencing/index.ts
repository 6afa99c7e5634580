import { optionProfile } from '@majlis/contracts/meeting-options';
import type { OptionProfile } from '@majlis/contracts/option-profiles';
import type { Config } from '../../config.ts';
import { AppError } from '../../errors.ts';
import { BigBlueButton } from './bbb.ts';
import { Jitsi } from './jitsi.ts';
import { type ConferencingProvider, PROVIDER_LABEL, type ProviderKind } from './port.ts';
import { Zoom } from './zoom.ts';

export interface Conferencing {
  bbb: BigBlueButton | null;
  zoom: Zoom | null;
  jitsi: Jitsi;
}

const byConfig = new WeakMap<Config, Conferencing>();

/** The adapters a configuration enables (one set per config, so Zoom's token cache is shared). Jitsi always works. */
export function conferencing(config: Config): Conferencing {
  let set = byConfig.get(config);
  if (!set) {
    set = {
      bbb:
        config.BBB_URL && config.BBB_SECRET
          ? new BigBlueButton({
              url: config.BBB_URL,
              secret: config.BBB_SECRET,
              checksum: config.BBB_CHECKSUM,
              publicUrl: config.publicUrl,
            })
          : null,
      zoom:
        config.ZOOM_ACCOUNT_ID && config.ZOOM_CLIENT_ID && config.ZOOM_CLIENT_SECRET
          ? new Zoom({
              accountId: config.ZOOM_ACCOUNT_ID,
              clientId: config.ZOOM_CLIENT_ID,
              clientSecret: config.ZOOM_CLIENT_SECRET,
              webhookSecret: config.ZOOM_WEBHOOK_SECRET,
              apiUrl: config.ZOOM_API_URL,
              oauthUrl: config.ZOOM_OAUTH_URL,
            })
          : null,
      jitsi: new Jitsi({
        baseUrl: config.JITSI_BASE_URL,
        appId: config.JITSI_APP_ID,
        appSecret: config.JITSI_APP_SECRET,
      }),
    };
    byConfig.set(config, set);
  }
  return set;
}

/**
 * The provider for a room type, or a bilingual 409 naming the provider that is not configured: the same answer as
 * adding a room of that type (rooms.ts), since the request conflicts with how this server is set up; nothing failed
 * (the demo's BigBlueButton hall exists on an embedded server with no BigBlueButton).
 */
export function providerFor(config: Config, kind: ProviderKind): ConferencingProvider {
  const provider = conferencing(config)[kind];
  if (!provider) throw new AppError(409, 'PROVIDER_NOT_CONFIGURED', undefined, { provider: PROVIDER_LABEL[kind] });
  return provider;
}

/** Which meeting options a room type's provider can honour on this server (contracts meeting-options.ts). */
export function optionProfileOf(config: Config, kind: ProviderKind): OptionProfile {
  return optionProfile(kind, !!conferencing(config).jitsi.opts.appSecret);
}

/** Which room types can be created here: Jitsi always, BigBlueButton and Zoom when configured. */
export function roomTypes(config: Config) {
  const set = conferencing(config);
  return (['bbb', 'zoom', 'jitsi'] as const).map((type) => ({
    type,
    label: PROVIDER_LABEL[type],
    available: type === 'jitsi' || set[type] !== null,
    optionProfile: optionProfileOf(config, type),
  }));
}

/** Refuses (409) a room of a type this server has no provider for: adding one, or buying one (billing/ledger.ts). */
export function requireProvider(config: Config, type: ProviderKind) {
  if (!roomTypes(config).find((t) => t.type === type)?.available) {
    throw new AppError(
      409,
      'PROVIDER_NOT_CONFIGURED',
      { type: 'error.PROVIDER_NOT_CONFIGURED' },
      {
        provider: PROVIDER_LABEL[type],
      },
    );
  }
}
