/**
 * Distinct, listenable demo songs synthesized from a seed: key, tempo, mode, progression,
 * timbres, drum pattern and melody all vary. Used by the demo seed (real audio for every
 * demo track) and by tests that need music rather than a sine tone.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runFfmpeg } from '../media';
import { mulberry32 } from '../prng';

const SR = 22_050;
const TAU = Math.PI * 2;
const MODES = {
  major: [0, 2, 4, 5, 7, 9, 11],
  minor: [0, 2, 3, 5, 7, 8, 10],
  dorian: [0, 2, 3, 5, 7, 9, 10],
  mixolydian: [0, 2, 4, 5, 7, 9, 10],
} as const;
const PROGRESSIONS = [
  [0, 4, 5, 3],
  [0, 5, 3, 4],
  [5, 3, 0, 4],
  [0, 3, 4, 3],
  [1, 4, 0, 0],
  [0, 6, 5, 4],
] as const;


const mtof = (m: number) => 440 * 2 ** ((m - 69) / 12);
type Wave = (phase: number) => number;
const WAVES: Wave[] = [
  (p) => Math.sin(p),
  (p) => Math.sin(p) + 0.3 * Math.sin(2 * p) + 0.15 * Math.sin(3 * p),
  (p) => (2 / Math.PI) * Math.asin(Math.sin(p)),
  (p) => 0.6 * Math.sin(p) + 0.4 * Math.sign(Math.sin(p)) * 0.5,
];

export type SongSpec = { seed: number; seconds?: number };

/** Renders a song to interleaved 16-bit stereo PCM. */
export function renderSong({ seed, seconds = 62 }: SongSpec): Buffer {
  const r = mulberry32(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const root = 45 + Math.floor(r() * 12);
  const modeName = pick(Object.keys(MODES) as (keyof typeof MODES)[]);
  const scale = MODES[modeName];
  const bpm = 78 + Math.floor(r() * 60);
  const beat = 60 / bpm;
  const prog = pick(PROGRESSIONS);
  const leadWave = pick(WAVES);
  const padWave = pick(WAVES);
  const swing = r() < 0.4 ? 0.12 : 0;
  const kickPattern = pick([[0, 2], [0, 1.5, 2], [0, 2.5], [0, 0.75, 2, 2.75]]);
  const n = Math.floor(seconds * SR);
  const L = new Float32Array(n);
  const R = new Float32Array(n);
  const degree = (d: number, octave = 0) => root + scale[((d % 7) + 7) % 7]! + 12 * (Math.floor(d / 7) + octave);

  const note = (start: number, dur: number, midi: number, amp: number, wave: Wave, pan: number, attack = 0.01, release = 0.2) => {
    const s0 = Math.floor(start * SR);
    const len = Math.floor((dur + release) * SR);
    const f = mtof(midi);
    for (let i = 0; i < len && s0 + i < n; i++) {
      const t = i / SR;
      const env = Math.min(1, t / attack) * (t < dur ? 1 : Math.max(0, 1 - (t - dur) / release)) * Math.exp(-t * 0.8);
      const v = wave(TAU * f * t) * amp * env;
      L[s0 + i]! += v * (1 - pan);
      R[s0 + i]! += v * (1 + pan);
    }
  };
  const drum = (start: number, kind: 'kick' | 'snare' | 'hat', amp: number) => {
    const s0 = Math.floor(start * SR);
    const len = Math.floor((kind === 'hat' ? 0.05 : 0.25) * SR);
    for (let i = 0; i < len && s0 + i < n; i++) {
      const t = i / SR;
      let v: number;
      if (kind === 'kick') v = Math.sin(TAU * (50 + 90 * Math.exp(-t * 30)) * t) * Math.exp(-t * 12);
      else if (kind === 'snare') v = (r() * 2 - 1) * Math.exp(-t * 20) * 0.7 + Math.sin(TAU * 190 * t) * Math.exp(-t * 25) * 0.3;
      else v = (r() * 2 - 1) * Math.exp(-t * 60);
      L[s0 + i]! += v * amp;
      R[s0 + i]! += v * amp;
    }
  };

  const bar = 4 * beat;
  const bars = Math.floor(seconds / bar);
  let melodyDegree = 7;
  for (let b = 0; b < bars; b++) {
    const t0 = b * bar;
    const chord = prog[b % prog.length]!;
    const intro = b < 2;
    const outro = b >= bars - 2;
    for (const d of [0, 2, 4]) note(t0, bar * 0.95, degree(chord + d, 0), 0.07, padWave, (d - 2) * 0.2, 0.3, 0.6);
    note(t0, beat * 1.8, degree(chord, -1), 0.16, WAVES[0]!, 0, 0.01, 0.1);
    note(t0 + 2 * beat, beat * 1.8, degree(chord, -1), 0.14, WAVES[0]!, 0, 0.01, 0.1);
    if (!intro) {
      for (let s = 0; s < 8; s++) {
        const d = chord + [0, 2, 4, 7, 4, 2, 4, 7][s]!;
        note(t0 + s * (beat / 2) + (s % 2 ? swing * beat : 0), beat / 2, degree(d, 1), 0.05, WAVES[2]!, s % 2 ? 0.35 : -0.35, 0.005, 0.15);
      }
      for (const k of kickPattern) drum(t0 + k * beat, 'kick', 0.5);
      drum(t0 + beat, 'snare', 0.25);
      drum(t0 + 3 * beat, 'snare', 0.25);
      for (let h = 0; h < 8; h++) drum(t0 + h * (beat / 2) + (h % 2 ? swing * beat : 0), 'hat', h % 2 ? 0.05 : 0.08);
    }
    if (!intro && !outro && b % 8 < 6) {
      let t = 0;
      while (t < 4) {
        const len = pick([0.5, 0.5, 1, 1, 1.5, 2]);
        melodyDegree = Math.max(4, Math.min(12, melodyDegree + pick([-2, -1, -1, 0, 1, 1, 2])));
        if (r() > 0.15) note(t0 + t * beat, len * beat * 0.9, degree(melodyDegree, 1), 0.11, leadWave, 0.1, 0.02, 0.25);
        t += len;
      }
    }
  }
  let peak = 0;
  for (let i = 0; i < n; i++) {
    const fade = Math.min(1, i / (SR * 1.5), (n - i) / (SR * 3));
    L[i]! *= fade;
    R[i]! *= fade;
    peak = Math.max(peak, Math.abs(L[i]!), Math.abs(R[i]!));
  }
  const scale16 = peak > 0 ? (0.9 / peak) * 32767 : 0;
  const pcm = new Int16Array(n * 2);
  for (let i = 0; i < n; i++) {
    pcm[2 * i] = Math.round(L[i]! * scale16);
    pcm[2 * i + 1] = Math.round(R[i]! * scale16);
  }
  return Buffer.from(pcm.buffer);
}

/**
 * An mp3 of the song for `seed`, cached in `dir` (generated once; a fresh stack makes 19): lame's
 * fastest setting, at the rate it is synthesized (resampling to 44.1 kHz doubled the encoding
 * time; the upload pipeline's clip is 44.1 kHz whatever it is given).
 */
export async function demoSongMp3(dir: string, seed: number, seconds = 62): Promise<Buffer> {
  const out = join(dir, `song-${seed}-${seconds}.mp3`);
  if (!existsSync(out)) {
    await mkdir(dir, { recursive: true });
    const work = await mkdtemp(join(tmpdir(), 'demo-song-'));
    try {
      const raw = join(work, 'song.pcm');
      await writeFile(raw, renderSong({ seed, seconds }));
      await runFfmpeg(['-f', 's16le', '-ar', String(SR), '-ac', '2', '-i', raw, '-c:a', 'libmp3lame', '-b:a', '96k', '-compression_level', '9', '-map_metadata', '-1', join(work, 'song.mp3')]);
      await writeFile(out, await readFile(join(work, 'song.mp3')));
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }
  return readFile(out);
}
