/**
 * Writes the chat's send and receive sounds (spec §7: shipped with the client, not fetched from elsewhere):
 * two short, quiet tones as 8-bit mono WAV at 11,025 Hz, small enough for Vite to inline (under 4 kB each).
 * Run `node apps/client/scripts/make-sounds.mjs` after changing a tone; the output is committed.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const RATE = 11025;

/** Tones one after the other: [frequency Hz, seconds]; a soft attack and an exponential decay, no clicks. */
function render(notes, volume = 0.35) {
  const samples = [];
  for (const [freq, seconds] of notes) {
    const n = Math.round(RATE * seconds);
    for (let i = 0; i < n; i++) {
      const t = i / RATE;
      const attack = Math.min(1, i / (RATE * 0.005));
      const decay = Math.exp((-5 * i) / n);
      samples.push(Math.sin(2 * Math.PI * freq * t) * attack * decay * volume);
    }
  }
  return samples;
}

function wav(samples) {
  const data = Buffer.alloc(samples.length);
  samples.forEach((s, i) => {
    data[i] = Math.max(0, Math.min(255, Math.round(128 + s * 127)));
  });
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16); // PCM chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(RATE, 24);
  header.writeUInt32LE(RATE, 28); // byte rate: 1 byte per sample
  header.writeUInt16LE(1, 32); // block align
  header.writeUInt16LE(8, 34); // bits per sample
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

const out = (name) => fileURLToPath(new URL(`../src/features/chat/sounds/${name}`, import.meta.url));
// Send: a short rising pair. Receive: a falling pair, a little lower.
writeFileSync(
  out('send.wav'),
  wav(
    render([
      [880, 0.06],
      [1320, 0.09],
    ]),
  ),
);
writeFileSync(
  out('receive.wav'),
  wav(
    render([
      [988, 0.07],
      [659, 0.12],
    ]),
  ),
);
