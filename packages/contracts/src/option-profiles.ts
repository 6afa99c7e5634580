/**
 * A provider as far as options go: Jitsi Meet is two, since with an app secret every join carries a JWT (token expiry,
 * lobby) and without one a room is only a URL anyone holding it can open at any time.
 */
export const OPTION_PROFILES = ['bbb', 'zoom', 'jitsi', 'jitsiJwt'] as const;
export type OptionProfile = (typeof OPTION_PROFILES)[number];
