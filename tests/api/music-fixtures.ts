/**
 * Music-like test audio for the acoustic fingerprint (functions/src/tracks/fingerprint.ts): a
 * seeded melody, chords and bass in notes of their own lengths, with drum hits (noise bursts), so
 * two seeds are two different pieces to the ear and to the fingerprint (plain tones are not:
 * a steady tone has no fingerprint to speak of). Rendered in JS, encoded by ffmpeg.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runFfmpeg } from '../../scripts/lib/media';
import { mulberry32 } from '../../scripts/lib/prng';

const RATE = 22_050;

const midiHz = (note: number) => 440 * 2 ** ((note - 69) / 12);

/** `seconds` of a piece, mono float PCM at 22.05 kHz; `seed` picks the tempo, key, notes and drums. */
export function renderPiece(seed: number, seconds: number): Float32Array {
  const rand = mulberry32(seed * 7919 + 17);
  const out = new Float32Array(Math.round(seconds * RATE));
  const beat = 60 / (90 + Math.floor(rand() * 60));
  const root = 48 + Math.floor(rand() * 12);
  const scale = [0, 2, 3, 5, 7, 8, 10, 12, 14, 15];
  const add = (start: number, length: number, hz: number, gain: number, decay: number) => {
    const from = Math.round(start * RATE);
    const to = Math.min(out.length, from + Math.round(length * RATE));
    for (let i = from; i < to; i++) {
      const t = (i - from) / RATE;
      const env = Math.min(1, t * 200) * Math.exp(-t * decay);
      out[i]! += gain * env * (Math.sin(2 * Math.PI * hz * t) + 0.4 * Math.sin(4 * Math.PI * hz * t) + 0.2 * Math.sin(6 * Math.PI * hz * t));
    }
  };
  // Melody: notes of one to three half-beats.
  for (let t = 0; t < seconds; ) {
    const length = (beat / 2) * (1 + Math.floor(rand() * 3));
    add(t, length, midiHz(root + 12 + scale[Math.floor(rand() * scale.length)]!), 0.25, 3);
    t += length;
  }
  // Chords and bass: one per two beats.
  for (let t = 0; t < seconds; t += 2 * beat) {
    const degree = Math.floor(rand() * 7);
    for (const step of [0, 2, 4]) add(t, 2 * beat, midiHz(root + scale[(degree + step) % scale.length]!), 0.08, 1.5);
    add(t, 2 * beat, midiHz(root - 12 + scale[degree]!), 0.2, 2);
  }
  // Drums: noise bursts on some of the half-beats.
  const noise = mulberry32(seed + 1);
  for (let t = 0; t < seconds; t += beat / 2) {
    if (rand() < 0.45) continue;
    const from = Math.round(t * RATE);
    const to = Math.min(out.length, from + Math.round(0.08 * RATE));
    for (let i = from; i < to; i++) out[i]! += 0.3 * (noise() * 2 - 1) * Math.exp(((from - i) / RATE) * 40);
  }
  const peak = out.reduce((m, v) => Math.max(m, Math.abs(v)), 0);
  for (let i = 0; i < out.length; i++) out[i] = (0.8 * out[i]!) / peak;
  return out;
}

/** 16-bit mono WAV of float PCM. */
export function wavOf(pcm: Float32Array, rate = RATE): Buffer {
  const data = Buffer.alloc(pcm.length * 2);
  pcm.forEach((v, i) => data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, v)) * 32767), i * 2));
  const head = Buffer.alloc(44);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(36 + data.length, 4);
  head.write('WAVEfmt ', 8, 'latin1');
  head.writeUInt32LE(16, 16);
  head.writeUInt16LE(1, 20);
  head.writeUInt16LE(1, 22);
  head.writeUInt32LE(rate, 24);
  head.writeUInt32LE(rate * 2, 28);
  head.writeUInt16LE(2, 32);
  head.writeUInt16LE(16, 34);
  head.write('data', 36, 'latin1');
  head.writeUInt32LE(data.length, 40);
  return Buffer.concat([head, data]);
}

export type Encoding = 'wav' | 'mp3' | 'm4a';
const ENCODERS: Record<Encoding, string[]> = {
  wav: ['-c:a', 'pcm_s16le', '-f', 'wav'],
  mp3: ['-c:a', 'libmp3lame', '-b:a', '128k', '-ar', '44100', '-ac', '2', '-f', 'mp3'],
  m4a: ['-c:a', 'aac', '-b:a', '96k', '-ar', '44100', '-f', 'ipod'],
};

/** `audio` (any format ffmpeg reads) re-encoded as `to`, optionally without its first `trimSeconds` and at `gainDb`. */
export async function reencode(audio: Buffer, to: Encoding, options: { trimSeconds?: number; gainDb?: number } = {}): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'reencode-'));
  try {
    await writeFile(join(dir, 'in'), audio);
    const out = join(dir, `out.${to}`);
    const trim = options.trimSeconds ? ['-ss', String(options.trimSeconds)] : [];
    const gain = options.gainDb ? ['-af', `volume=${options.gainDb}dB`] : [];
    await runFfmpeg([...trim, '-i', join(dir, 'in'), '-map_metadata', '-1', ...gain, ...ENCODERS[to], out]);
    return await readFile(out);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A piece as an upload: `seed`'s piece of `seconds`, encoded as `as`. */
export const piece = (seed: number, seconds: number, as: Encoding = 'mp3'): Promise<Buffer> => reencode(wavOf(renderPiece(seed, seconds)), as);
