/**
 * Media generation with the static ffmpeg from @ffmpeg-installer/ffmpeg: the demo radio mp3 and,
 * via scripts/generate-assets.ts, the app icons and placeholder covers.
 */
import { execFile } from 'node:child_process';
import { access, copyFile, mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import { mulberry32 } from './prng';

const execFileAsync = promisify(execFile);

export const ffmpegPath: string = ffmpegInstaller.path;

const STDERR_TAIL_CHARS = 2000;

/** Runs ffmpeg quietly, overwriting outputs; rejects with the tail of its stderr. */
export async function runFfmpeg(args: string[]): Promise<void> {
  try {
    await execFileAsync(ffmpegPath, ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', ...args], {
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (err) {
    const e = err as { stderr?: string; message?: string };
    const tail = (e.stderr ?? '').slice(-STDERR_TAIL_CHARS).trim();
    throw new Error(`ffmpeg failed: ${tail || e.message || String(err)}`);
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}

// -------------------------------------------------------------------------------------------
// Demo radio music. A small deterministic synthesizer renders 90 s of mellow 96 BPM music
// (36 bars of Cmaj7 Am7 Dm7 G7 Cmaj7 Em7 Fmaj7 G7): a detuned pad, an electric-piano arpeggio,
// bass, a bell lead, kick / snare / hats, a ping-pong echo and a small reverb. It is arranged in
// sections and faded at both ends, so the looping stream sounds like consecutive songs. ffmpeg
// only encodes the PCM (rendering in JS takes about a second; aevalsrc needed ~25 s).
// -------------------------------------------------------------------------------------------

const SR = 44100;
const BPM = 96;
const BEAT = 60 / BPM;
const BAR = 4 * BEAT;
const BARS = 36;
const DEMO_SECONDS = BARS * BAR; // 90

type Chord = { bass: number; pad: readonly number[] };

/** MIDI notes: bass root and a smoothly voice-led four-note pad voicing per bar. */
const PROGRESSION: readonly Chord[] = [
  { bass: 36, pad: [55, 59, 64, 67] }, // Cmaj7
  { bass: 33, pad: [55, 60, 64, 67] }, // Am7
  { bass: 38, pad: [57, 60, 65, 69] }, // Dm7
  { bass: 31, pad: [59, 62, 65, 67] }, // G7
  { bass: 36, pad: [55, 59, 64, 67] }, // Cmaj7
  { bass: 40, pad: [55, 59, 62, 67] }, // Em7
  { bass: 41, pad: [57, 60, 64, 69] }, // Fmaj7
  { bass: 31, pad: [59, 62, 65, 67] }, // G7
];

/** Lead melody per bar of the progression: [start beat, beats, MIDI note]. */
const MELODY: ReadonlyArray<ReadonlyArray<readonly [number, number, number]>> = [
  [[0, 2, 76], [2, 1, 79], [3, 1, 74]],
  [[0, 3, 72], [3, 1, 76]],
  [[0, 2, 77], [2, 1, 76], [3, 1, 74]],
  [[0, 3, 74], [3, 1, 71]],
  [[0, 1, 76], [1, 1, 79], [2, 2, 83]],
  [[0, 2, 79], [2, 2, 76]],
  [[0, 1, 77], [1, 1, 76], [2, 2, 72]],
  [[0, 2, 74], [2, 2, 71]],
];

/** Pad voice index per eighth note of the arpeggio. */
const ARP_STEPS = [0, 1, 2, 3, 1, 2, 3, 2] as const;

/** Which bars each layer plays (0-based, end exclusive). */
const SECTIONS = {
  arp: [[4, 36]],
  hats: [[6, 24], [28, 34]],
  drums: [[8, 24], [28, 34]],
  bass: [[8, 24], [28, 35]],
  melody: [[16, 24], [28, 36]],
} satisfies Record<string, Array<[number, number]>>;

const inSection = (ranges: ReadonlyArray<readonly [number, number]>, bar: number) =>
  ranges.some(([a, b]) => bar >= a && bar < b);

/** Deterministic noise in [-1, 1). */
const noiseSource = (seed: number): (() => number) => {
  const next = mulberry32(seed);
  return () => next() * 2 - 1;
};

const mtof = (midi: number) => 440 * 2 ** ((midi - 69) / 12);
const TAU = 2 * Math.PI;


type Buses = { left: Float32Array; right: Float32Array; echo: Float32Array; verb: Float32Array };

type Voice = {
  start: number; // seconds
  length: number; // seconds, including release
  pan: number; // -1..1
  gain: number;
  echo?: number; // send amounts
  verb?: number;
  /** sample at local time tau (s); called with increasing tau, so it may keep state */
  wave: (tau: number) => number;
};

function render(buses: Buses, v: Voice): void {
  const from = Math.round(v.start * SR);
  const to = Math.min(buses.left.length, from + Math.round(v.length * SR));
  const gl = v.gain * Math.cos(((v.pan + 1) * Math.PI) / 4);
  const gr = v.gain * Math.sin(((v.pan + 1) * Math.PI) / 4);
  const echo = v.gain * (v.echo ?? 0);
  const verb = v.gain * (v.verb ?? 0);
  for (let i = Math.max(0, from); i < to; i++) {
    const x = v.wave((i - from) / SR);
    buses.left[i]! += gl * x;
    buses.right[i]! += gr * x;
    if (echo) buses.echo[i]! += echo * x;
    if (verb) buses.verb[i]! += verb * x;
  }
}

/** Attack / release gate (linear ramps) for a note held `hold` seconds. */
function gate(tau: number, attack: number, hold: number, release: number): number {
  if (tau < attack) return tau / attack;
  if (tau < hold) return 1;
  return Math.max(0, 1 - (tau - hold) / release);
}

/** Sine oscillator by phasor rotation (no Math.sin per sample): next() advances, .s/.c are sin/cos. */
class Osc {
  s: number;
  c: number;
  private readonly ds: number;
  private readonly dc: number;
  constructor(freq: number, phase = 0) {
    const w = (TAU * freq) / SR;
    this.ds = Math.sin(w);
    this.dc = Math.cos(w);
    this.s = Math.sin(phase);
    this.c = Math.cos(phase);
  }
  next(): number {
    const s = this.s * this.dc + this.c * this.ds;
    this.c = this.c * this.dc - this.s * this.ds;
    this.s = s;
    return s;
  }
}

/** Exponential decay exp(-rate * t), advanced one sample per next(). */
class Decay {
  private v = 1;
  private readonly k: number;
  constructor(rate: number) {
    this.k = Math.exp(-rate / SR);
  }
  next(): number {
    const v = this.v;
    this.v *= this.k;
    return v;
  }
}

/**
 * One chord of the pad, rendered straight into the buses (the hottest loop): every note has two
 * oscillators detuned up and down, the up ones go left and the down ones right for width.
 */
function renderPad(buses: Buses, start: number, notes: readonly number[]): void {
  const length = BAR + 0.9;
  const from = Math.round(start * SR);
  const to = Math.min(buses.left.length, from + Math.round(length * SR));
  const left = notes.map((m) => new Osc(mtof(m) * 1.0025));
  const right = notes.map((m) => new Osc(mtof(m) / 1.0025));
  const trem = new Osc(0.3, TAU * 0.3 * start);
  const gain = 0.05;
  const { left: outL, right: outR, verb } = buses;
  for (let i = from; i < to; i++) {
    const g = gain * gate((i - from) / SR, 0.7, BAR, 0.9) * (1 + 0.12 * trem.next());
    let l = 0;
    let r = 0;
    for (const o of left) l += o.next() * (1 + 0.36 * o.c); // sin a + 0.18 sin 2a
    for (const o of right) r += o.next() * (1 + 0.36 * o.c);
    outL[i]! += g * l;
    outR[i]! += g * r;
    verb[i]! += 0.35 * g * (l + r);
  }
}

function pianoVoice(start: number, midi: number, velocity: number, pan: number): Voice {
  const f = mtof(midi);
  const w = (TAU * f) / SR;
  const modulator = new Osc(f);
  const tine = new Osc(f * 7);
  const index = new Decay(7);
  const body = new Decay(2.6);
  const click = new Decay(40);
  let phase = 0;
  return {
    start,
    length: 1.1,
    pan,
    gain: 0.1 * velocity,
    echo: 0.35,
    verb: 0.35,
    wave: (t) => {
      phase += w;
      const fm = Math.sin(phase + 1.4 * index.next() * modulator.next());
      return gate(t, 0.004, 1, 0.1) * body.next() * (fm + 0.06 * click.next() * tine.next());
    },
  };
}

function bassVoice(start: number, beats: number, midi: number): Voice {
  const osc = new Osc(mtof(midi));
  const decay = new Decay(1.1);
  const hold = beats * BEAT - 0.05;
  return {
    start,
    length: hold + 0.05,
    pan: 0,
    gain: 0.26,
    wave: (t) => {
      const s = osc.next();
      const c = osc.c;
      const s2 = 2 * s * c;
      const s3 = s * (3 - 4 * s * s);
      return gate(t, 0.008, hold, 0.05) * decay.next() * (s + 0.35 * s2 + 0.12 * s3);
    },
  };
}

function leadVoice(start: number, beats: number, midi: number): Voice {
  const w = (TAU * mtof(midi)) / SR;
  const vibrato = new Osc(5);
  const decay = new Decay(4);
  const hold = beats * BEAT - 0.08;
  let phase = 0;
  return {
    start,
    length: hold + 0.35,
    pan: 0.1,
    gain: 0.075,
    echo: 0.45,
    verb: 0.4,
    wave: (t) => {
      const depth = 0.004 * Math.min(1, Math.max(0, t - 0.25) / 0.3);
      phase += w * (1 + depth * vibrato.next());
      const s = Math.sin(phase);
      const c = Math.cos(phase);
      const level = 0.65 + 0.35 * decay.next();
      return gate(t, 0.025, hold, 0.35) * level * (s + 0.44 * s * c + 0.05 * s * (3 - 4 * s * s));
    },
  };
}

function kickVoice(start: number, velocity: number): Voice {
  return {
    start,
    length: 0.45,
    pan: 0,
    gain: 0.5 * velocity,
    wave: (t) => gate(t, 0.001, 0.43, 0.02) * Math.exp(-7 * t) * Math.sin(TAU * (47 * t + (110 / 30) * (1 - Math.exp(-30 * t)))),
  };
}

function snareVoice(start: number, seed: number): Voice {
  const noise = noiseSource(seed);
  let prev = 0;
  return {
    start,
    length: 0.35,
    pan: -0.05,
    gain: 0.16,
    verb: 0.6,
    wave: (t) => {
      const n = noise();
      const hp = n - prev; // first-order high-pass: brighter noise
      prev = n;
      return gate(t, 0.001, 0.33, 0.02) * (0.55 * hp * Math.exp(-16 * t) + 0.8 * Math.exp(-28 * t) * Math.sin(TAU * 185 * t));
    },
  };
}

function hatVoice(start: number, velocity: number, seed: number): Voice {
  const noise = noiseSource(seed);
  let prev = 0;
  return {
    start,
    length: 0.09,
    pan: 0.3,
    gain: 0.05 * velocity,
    verb: 0.15,
    wave: (t) => {
      const n = noise();
      const hp = n - prev;
      prev = n;
      return gate(t, 0.0005, 0.08, 0.01) * Math.exp(-55 * t) * hp;
    },
  };
}

/** Every voice but the pad, note by note. */
function arrangement(): Voice[] {
  const voices: Voice[] = [];
  for (let bar = 0; bar < BARS; bar++) {
    const chord = PROGRESSION[bar % PROGRESSION.length]!;
    const t0 = bar * BAR;
    if (inSection(SECTIONS.arp, bar)) {
      ARP_STEPS.forEach((voice, step) => {
        const midi = chord.pad[voice]!;
        const velocity = step % 2 === 0 ? 1 : 0.7;
        voices.push(pianoVoice(t0 + (step * BEAT) / 2, midi, velocity, step % 2 === 0 ? -0.3 : 0.3));
      });
    }
    if (inSection(SECTIONS.bass, bar)) {
      const r = chord.bass;
      const line: Array<[number, number, number]> = [
        [0, 1.5, r],
        [1.5, 0.5, r],
        [2, 1, r],
        [3, 0.5, r + 7],
        [3.5, 0.5, r + 12],
      ];
      for (const [beat, beats, midi] of line) voices.push(bassVoice(t0 + beat * BEAT, beats, midi));
    }
    if (inSection(SECTIONS.drums, bar)) {
      voices.push(kickVoice(t0, 1), kickVoice(t0 + 2.5 * BEAT, 0.8));
      if (bar % 4 === 3) voices.push(kickVoice(t0 + 3.5 * BEAT, 0.6));
      voices.push(snareVoice(t0 + BEAT, bar * 2 + 1), snareVoice(t0 + 3 * BEAT, bar * 2 + 2));
    }
    if (inSection(SECTIONS.hats, bar)) {
      const soft = !inSection(SECTIONS.drums, bar);
      for (let step = 0; step < 8; step++) {
        const swing = step % 2 === 1 ? 0.06 * BEAT : 0;
        const velocity = (step % 2 === 0 ? 1 : 0.65) * (soft ? 0.6 : 1);
        voices.push(hatVoice(t0 + (step * BEAT) / 2 + swing, velocity, 1000 + bar * 8 + step));
      }
    }
    if (inSection(SECTIONS.melody, bar)) {
      for (const [beat, beats, midi] of MELODY[bar % MELODY.length]!) {
        voices.push(leadVoice(t0 + beat * BEAT, beats, midi));
      }
    }
  }
  return voices;
}

/** Ping-pong echo (dotted eighth) with darkening feedback, added to the stereo bus. */
function applyEcho(b: Buses): void {
  const d = Math.round(0.75 * BEAT * SR);
  const n = b.left.length;
  const l = new Float32Array(n);
  const r = new Float32Array(n);
  let lp = 0;
  for (let i = d; i < n; i++) {
    lp += 0.35 * (r[i - d]! - lp);
    l[i] = b.echo[i - d]! + 0.45 * lp;
    r[i] = l[i - d]!;
  }
  for (let i = 0; i < n; i++) {
    b.left[i]! += 0.5 * l[i]!;
    b.right[i]! += 0.5 * r[i]!;
  }
}

/** A compact Freeverb (4 damped combs + 2 all-passes per channel) on the verb send. */
function applyReverb(b: Buses): void {
  const combs = [1116, 1277, 1422, 1557];
  const allpasses = [556, 341];
  const channel = (out: Float32Array, spread: number) => {
    const n = out.length;
    const wet = new Float32Array(n);
    for (const len of combs) {
      const size = len + spread;
      const buf = new Float32Array(size);
      let idx = 0;
      let store = 0;
      for (let i = 0; i < n; i++) {
        const y = buf[idx]!;
        store = y * 0.7 + store * 0.3;
        buf[idx] = b.verb[i]! * 0.5 + store * 0.83;
        wet[i]! += y;
        idx = idx + 1 === size ? 0 : idx + 1;
      }
    }
    for (const len of allpasses) {
      const size = len + spread;
      const buf = new Float32Array(size);
      let idx = 0;
      for (let i = 0; i < n; i++) {
        const bufOut = buf[idx]!;
        const x = wet[i]!;
        buf[idx] = x + bufOut * 0.5;
        wet[i] = bufOut - x;
        idx = idx + 1 === size ? 0 : idx + 1;
      }
    }
    for (let i = 0; i < n; i++) out[i]! += 0.22 * wet[i]!;
  };
  channel(b.left, 0);
  channel(b.right, 23);
}

/** Renders the demo track as interleaved 16-bit stereo PCM. */
function renderDemoPcm(): Buffer {
  const n = Math.round(DEMO_SECONDS * SR);
  const buses: Buses = {
    left: new Float32Array(n),
    right: new Float32Array(n),
    echo: new Float32Array(n),
    verb: new Float32Array(n),
  };
  for (let bar = 0; bar < BARS; bar++) renderPad(buses, bar * BAR, PROGRESSION[bar % PROGRESSION.length]!.pad);
  for (const v of arrangement()) render(buses, v);
  applyEcho(buses);
  applyReverb(buses);

  const fadeIn = 1.5 * SR;
  const fadeOut = 4 * SR;
  let peak = 0;
  for (let i = 0; i < n; i++) {
    const g = Math.min(1, i / fadeIn, (n - i) / fadeOut);
    buses.left[i]! *= g;
    buses.right[i]! *= g;
    peak = Math.max(peak, Math.abs(buses.left[i]!), Math.abs(buses.right[i]!));
  }
  const scale = peak > 0 ? 0.89 / peak : 1;
  const pcm = new Int16Array(n * 2); // native little-endian on every platform ffmpeg-installer ships
  for (let i = 0; i < n; i++) {
    pcm[2 * i] = Math.round(buses.left[i]! * scale * 32767);
    pcm[2 * i + 1] = Math.round(buses.right[i]! * scale * 32767);
  }
  return Buffer.from(pcm.buffer);
}

/**
 * Creates `${dir}/radio-demo.mp3` unless it already exists: 90 s of synthesized music,
 * 44.1 kHz stereo, 128 kbps CBR mp3 (libmp3lame), no tags. Takes a few seconds. Returns the path.
 */
export async function ensureRadioDemoMp3(dir: string): Promise<string> {
  const out = join(dir, 'radio-demo.mp3');
  if (await exists(out)) return out;
  await mkdir(dir, { recursive: true });
  const work = await mkdtemp(join(tmpdir(), 'radio-demo-'));
  const raw = join(work, 'demo.pcm');
  const encoded = join(work, 'demo.mp3');
  try {
    await writeFile(raw, renderDemoPcm());
    await runFfmpeg([
      '-f', 's16le', '-ar', String(SR), '-ac', '2', '-i', raw,
      '-c:a', 'libmp3lame', '-b:a', '128k', '-compression_level', '7', '-ar', String(SR), '-ac', '2',
      '-map_metadata', '-1', '-id3v2_version', '0', '-write_id3v1', '0', '-write_xing', '0',
      '-f', 'mp3', encoded,
    ]); // prettier-ignore
    // tmpdir may be another filesystem: copy next to the target, then rename atomically
    const staged = join(dir, `.radio-demo.${process.pid}.tmp`);
    await copyFile(encoded, staged);
    await rename(staged, out);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  return out;
}
