/**
 * An acoustic fingerprint that survives re-encoding (mp3, AAC, WAV), trimming and gain changes:
 * J. Haitsma and T. Kalker, "A Highly Robust Audio Fingerprinting System", ISMIR 2002.
 *
 * Mono audio at 5512 Hz is cut into frames of 2048 samples (0.37 s, Hann window) every 64
 * samples (11.6 ms, an overlap of 31/32); each frame's spectrum is summed in 33 bands spaced
 * logarithmically from 300 to 2000 Hz. Sub-fingerprint n has 32 bits, bit m the sign of the
 * energy difference of bands m and m+1 in frame n minus that in frame n-1:
 *   F(n,m) = 1  iff  E(n,m) − E(n,m+1) − (E(n−1,m) − E(n−1,m+1)) > 0
 * (with E the logarithm of the band energy here, see below).
 * Signs of differences do not change when the gain does, and the small hop makes any trim land
 * within half a hop of the original's frames. Two recordings are the same when, at the best
 * alignment, a block of 256 sub-fingerprints (3 s) differs in fewer than 35 % of its bits (the
 * paper's threshold; unrelated audio differs in about 50 %).
 *
 * Changes of ours, for synthetic and quiet audio, where the paper's bits say little:
 * - Band energies are taken as logarithms, so the bits are also blind to a gain that changes
 *   over time (a fade, a drum hit's loudness), which otherwise sets every bit to the sign of the
 *   spectrum's slope and makes unrelated songs' fades and drums alike.
 * - A bit whose difference is below STRONG (a steady tone, silence) is "weak" and takes no part
 *   in a comparison, and a block with too few strong bits decides nothing (two silences are not
 *   one recording).
 * - Counting only strong bits, copies differ in 0-4 % of their bits and unrelated pieces in
 *   about 50 % (two demo songs of one key and chord progression: 23 %), so the threshold is
 *   0.15, below the paper's 0.35, and a match needs the median block of the overlap under it
 *   (not just one block), so a few seconds that happen to sound alike are not a copy.
 * - Candidates are looked up by "keys" (printKeys), the sub-fingerprints most likely to survive
 *   unchanged.
 *
 * Pure: no I/O. The PCM comes from ffmpeg (platform/media/media.ts decodeMonoPcm).
 */

export const PRINT_SAMPLE_RATE = 5512;
const FRAME = 2048;
const HOP = 64;
const BANDS = 33;
const LOW_HZ = 300;
const HIGH_HZ = 2000;
/** A bit is strong when its difference (of log energies) exceeds this: about 10 % in the energy ratio. */
const STRONG = 0.1;
/** A sub-fingerprint whose weakest bit is weaker than this is no key (a steady tone's, silence's). */
const KEY_MARGIN = 0.02;
/** Added to every band energy before its logarithm: far below any audible band (full scale is about 1e6). */
const SILENCE = 1e-6;
/** The paper's block: 256 sub-fingerprints (about 3 s). */
export const BLOCK = 256;
/** The threshold on the bit error rate (of strong bits): the paper's 0.35 counts every bit (see above). */
export const MAX_BIT_ERROR_RATE = 0.15;
/** A block decides only when at least this share of its bits are strong in the print compared. */
const MIN_STRONG_SHARE = 0.3;
/** A sub-fingerprint votes for an alignment when at least this many of its bits are strong. */
const VOTE_STRONG_BITS = 20;
/** Keys stored per print (an array field of the track, indexed): a copy's lookup finds 10-25 of them (fingerprint.test.ts). */
export const KEY_COUNT = 100;
/** Keys a new recording is looked up by: two `array-contains-any` queries (30 values each). */
export const LOOKUP_KEY_COUNT = 60;
/** Keys whose locks a contest entry takes (acoustic-twins.ts): the strongest, which a copy shares most often. */
export const LOCK_KEY_COUNT = 30;

/** A fingerprint: one 32-bit sub-fingerprint per hop, and which of its bits are strong. */
export type AudioPrint = { bits: Uint32Array; strong: Uint32Array };
/** A print as computed: with each sub-fingerprint's margin (its weakest bit's |difference|), which ranks the keys. */
export type FreshPrint = AudioPrint & { margin: Float32Array };

const FFT_SIZE = FRAME;
const LOG2 = Math.log2(FFT_SIZE);

/** Twiddles, the bit-reversal table, the window and the band edges (in FFT bins), made once. */
const tables = (() => {
  const cos = new Float64Array(FFT_SIZE / 2);
  const sin = new Float64Array(FFT_SIZE / 2);
  for (let i = 0; i < FFT_SIZE / 2; i++) {
    cos[i] = Math.cos((2 * Math.PI * i) / FFT_SIZE);
    sin[i] = -Math.sin((2 * Math.PI * i) / FFT_SIZE);
  }
  const rev = new Uint32Array(FFT_SIZE);
  for (let i = 0; i < FFT_SIZE; i++) {
    let r = 0;
    for (let b = 0; b < LOG2; b++) r |= ((i >> b) & 1) << (LOG2 - 1 - b);
    rev[i] = r;
  }
  const window = new Float64Array(FRAME);
  for (let i = 0; i < FRAME; i++) window[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (FRAME - 1));
  const binHz = PRINT_SAMPLE_RATE / FFT_SIZE;
  const edges = Array.from({ length: BANDS + 1 }, (_, m) => Math.round((LOW_HZ * (HIGH_HZ / LOW_HZ) ** (m / BANDS)) / binHz));
  return { cos, sin, rev, window, edges };
})();

/** In-place radix-2 FFT of (re, im). */
function fft(re: Float64Array, im: Float64Array): void {
  const { cos, sin, rev } = tables;
  for (let i = 0; i < FFT_SIZE; i++) {
    const j = rev[i]!;
    if (j > i) {
      [re[i], re[j]] = [re[j]!, re[i]!];
      [im[i], im[j]] = [im[j]!, im[i]!];
    }
  }
  for (let size = 2; size <= FFT_SIZE; size *= 2) {
    const half = size / 2;
    const step = FFT_SIZE / size;
    for (let start = 0; start < FFT_SIZE; start += size) {
      for (let k = 0; k < half; k++) {
        const wr = cos[k * step]!;
        const wi = sin[k * step]!;
        const a = start + k;
        const b = a + half;
        const tr = re[b]! * wr - im[b]! * wi;
        const ti = re[b]! * wi + im[b]! * wr;
        re[b] = re[a]! - tr;
        im[b] = im[a]! - ti;
        re[a] = re[a]! + tr;
        im[a] = im[a]! + ti;
      }
    }
  }
}

/** The 33 band energies of the frame of `pcm` starting at `at`. */
function bandEnergies(pcm: Float32Array, at: number, re: Float64Array, im: Float64Array, out: Float64Array): void {
  const { window, edges } = tables;
  for (let i = 0; i < FRAME; i++) {
    re[i] = pcm[at + i]! * window[i]!;
    im[i] = 0;
  }
  fft(re, im);
  for (let m = 0; m < BANDS; m++) {
    let sum = 0;
    for (let k = edges[m]!; k < edges[m + 1]!; k++) sum += re[k]! * re[k]! + im[k]! * im[k]!;
    out[m] = Math.log(sum + SILENCE);
  }
}

/** The fingerprint of mono PCM at PRINT_SAMPLE_RATE (samples in −1..1); empty when shorter than two frames. */
export function fingerprint(pcm: Float32Array): FreshPrint {
  const frames = pcm.length >= FRAME ? Math.floor((pcm.length - FRAME) / HOP) + 1 : 0;
  const count = Math.max(0, frames - 1);
  const bits = new Uint32Array(count);
  const strong = new Uint32Array(count);
  const margin = new Float32Array(count);
  const re = new Float64Array(FFT_SIZE);
  const im = new Float64Array(FFT_SIZE);
  let prev = new Float64Array(BANDS);
  let cur = new Float64Array(BANDS);
  for (let f = 0; f < frames; f++) {
    bandEnergies(pcm, f * HOP, re, im, cur);
    if (f > 0) {
      let b = 0;
      let s = 0;
      let least = Infinity;
      for (let m = 0; m < 32; m++) {
        const d = cur[m]! - cur[m + 1]! - (prev[m]! - prev[m + 1]!);
        if (d > 0) b |= 1 << m;
        if (Math.abs(d) > STRONG) s |= 1 << m;
        least = Math.min(least, Math.abs(d));
      }
      margin[f - 1] = least;
      bits[f - 1] = b >>> 0;
      strong[f - 1] = s >>> 0;
    }
    [prev, cur] = [cur, prev];
  }
  return { bits, strong, margin };
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

const hex = (x: number) => x.toString(16).padStart(8, '0');

/**
 * The print's lookup keys (`fp1:` and 8 hex digits): the values of the `count` sub-fingerprints
 * whose weakest bit is strongest, the ones a re-encoded, trimmed or louder copy most likely keeps
 * bit for bit (the paper's lookup also assumes some sub-fingerprints survive unchanged). None
 * for audio without such sub-fingerprints (a steady tone, silence).
 */
export function printKeys(print: FreshPrint, count: number = KEY_COUNT): string[] {
  const order = Array.from(print.bits.keys()).sort((a, b) => print.margin[b]! - print.margin[a]! || a - b);
  const keys = new Set<string>();
  for (const n of order) {
    if (keys.size >= count || !(print.margin[n]! > KEY_MARGIN)) break;
    keys.add(`fp1:${hex(print.bits[n]!)}`);
  }
  return [...keys];
}

/** How well two prints match: the lowest bit error rate of a block at the best alignment, or null when no block could decide. */
export type PrintMatch = { bitErrorRate: number; offset: number };

/** Offsets (candidate index − query index) voted for by sub-fingerprints found unchanged, most votes first. */
function alignments(query: AudioPrint, candidate: Uint32Array, max: number): number[] {
  const at = new Map<number, number[]>();
  for (let i = 0; i < candidate.length; i++) {
    const list = at.get(candidate[i]!);
    if (!list) at.set(candidate[i]!, [i]);
    else if (list.length < 64) list.push(i); // a value found everywhere (steady audio) aligns nothing
  }
  const votes = new Map<number, number>();
  for (let n = 0; n < query.bits.length; n++) {
    if (popcount(query.strong[n]!) < VOTE_STRONG_BITS) continue;
    const list = at.get(query.bits[n]!);
    if (!list || list.length >= 64) continue;
    for (const i of list) votes.set(i - n, (votes.get(i - n) ?? 0) + 1);
  }
  return [...votes.entries()]
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, max)
    .map(([offset]) => offset);
}

/**
 * The best match of `query` in `candidate` (Haitsma & Kalker's search, over the whole overlap):
 * at each of the best-voted alignments, the bit error rate (of the query's strong bits) of every
 * block of 256 sub-fingerprints where the two overlap, stepping half a block; the alignment's
 * score is the median block, so a few seconds that happen to sound alike (two songs' similar
 * intros) do not make a match, and a few damaged seconds do not break one. Null when no block
 * had enough strong bits.
 */
export function comparePrints(query: AudioPrint, candidate: Uint32Array): PrintMatch | null {
  let best: PrintMatch | null = null;
  const minStrong = MIN_STRONG_SHARE * BLOCK * 32;
  for (const offset of alignments(query, candidate, 8)) {
    const from = Math.max(0, -offset);
    const to = Math.min(query.bits.length, candidate.length - offset);
    const rates: number[] = [];
    for (let start = from; start + BLOCK <= to; start += BLOCK / 2) {
      let errors = 0;
      let counted = 0;
      for (let n = start; n < start + BLOCK; n++) {
        const s = query.strong[n]!;
        counted += popcount(s);
        errors += popcount((query.bits[n]! ^ candidate[n + offset]!) & s);
      }
      if (counted >= minStrong) rates.push(errors / counted);
    }
    if (rates.length === 0) continue;
    rates.sort((a, b) => a - b);
    const median = rates[Math.floor((rates.length - 1) / 2)]!;
    if (!best || median < best.bitErrorRate) best = { bitErrorRate: median, offset };
  }
  return best;
}

/** Whether `query` is a recording of the same audio as `candidate` (or of a part of it). */
export function samePrint(query: AudioPrint, candidate: Uint32Array): boolean {
  const match = comparePrints(query, candidate);
  return match !== null && match.bitErrorRate < MAX_BIT_ERROR_RATE;
}

/** A print as stored (Firestore bytes): the sub-fingerprints, then the strong bits, little-endian. */
export function encodePrint(print: AudioPrint): Buffer {
  const out = Buffer.alloc(print.bits.length * 8);
  print.bits.forEach((b, i) => out.writeUInt32LE(b, i * 4));
  print.strong.forEach((s, i) => out.writeUInt32LE(s, (print.bits.length + i) * 4));
  return out;
}

export function decodePrint(data: Uint8Array): AudioPrint {
  const buf = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const count = Math.floor(buf.length / 8);
  const bits = new Uint32Array(count);
  const strong = new Uint32Array(count);
  for (let i = 0; i < count; i++) {
    bits[i] = buf.readUInt32LE(i * 4);
    strong[i] = buf.readUInt32LE((count + i) * 4);
  }
  return { bits, strong };
}
