import receiveUrl from './sounds/receive.wav';
import sendUrl from './sounds/send.wav';

const urls = { send: sendUrl, receive: receiveUrl } as const;
const players: Partial<Record<keyof typeof urls, HTMLAudioElement>> = {};

/**
 * The send and receive sounds, shipped with the client (written by scripts/make-sounds.mjs, inlined by Vite).
 * A browser that refuses to play before the first click (autoplay policy) just stays quiet.
 */
export const chatSounds = {
  play(kind: keyof typeof urls): void {
    try {
      if (typeof Audio === 'undefined') return;
      players[kind] ??= new Audio(urls[kind]);
      const audio = players[kind];
      audio.currentTime = 0;
      const played = audio.play() as Promise<void> | undefined;
      played?.catch(() => {});
    } catch {
      // No audio here (tests, locked-down browsers): the message still shows.
    }
  },
};
