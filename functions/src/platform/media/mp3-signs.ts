import { id3Length } from './media';
import { PAIR_TABLES, QUAD_TABLE_A, QUAD_TABLE_B, type HuffmanTable } from './mp3-huffman';

/**
 * Inaudible, per-copy changes to an MP3 without re-encoding it: the sign of a few of the smallest
 * spectral values of a granule is flipped in the bitstream. A sign is one bit of its own after
 * each Huffman codeword, so flipping it changes no length, no side information and no other
 * value; the decoded audio changes by twice that value in one MDCT bin. Which signs may flip and
 * what each costs is worked out once per file (mapSigns: a Layer III parse up to the quantized
 * values); a copy is then a buffer copy and a few XORs (flipSigns).
 *
 * The MDCT, its windows, the alias butterflies and M/S stereo are orthogonal, so a flip's energy in
 * the decoded signal is its energy in the spectrum. Each granule's flips together stay below
 * FLIP_BUDGET of the granule's own spectral energy, so the whole difference stays as far below
 * the signal, and in every granule, not only on average (re-encoding instead would leave ~25 dB:
 * docs/adr/0024-clips-differ-per-session.md).
 */

/** Not an MP3 this can map (only MPEG-1 Layer III at 44.1 kHz, which every clip is). */
export class Mp3LayoutError extends Error {}

/** Flipped energy per granule, relative to the granule's: -70 dB. */
const FLIP_BUDGET = 1e-7;
/** Candidate signs kept per granule (the cheapest ones); each is flipped or not by the seed. */
const CANDIDATES_PER_GRANULE = 8;

/** The signs of a file that may flip: `bits[k]` (file bit offset, MSB first) costs `costs[k]`; granule g owns k in [starts[g], starts[g + 1]). */
export type SignMap = { bits: Int32Array; costs: Float64Array; starts: Int32Array; budgets: Float64Array; granules: number };

const BITRATES_KBPS = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
/** Long-block scalefactor band edges at 44.1 kHz. */
const SFB_LONG = [0, 4, 8, 12, 16, 20, 24, 30, 36, 44, 52, 62, 74, 90, 110, 134, 162, 196, 238, 288, 342, 418, 576];
const PRETAB = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 3, 3, 3, 2, 0];
const SLEN1 = [0, 0, 0, 0, 3, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4];
const SLEN2 = [0, 1, 2, 3, 0, 1, 2, 3, 1, 2, 3, 1, 2, 3, 2, 3];
/** Scalefactor bands per scfsi group. */
const SCFSI_BANDS = [0, 6, 11, 16, 21];
const LINBITS = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4, 6, 8, 10, 13, 4, 5, 6, 7, 8, 9, 11, 13];
const MAX_VALUE = 15 + (1 << 13);
/** |q|^(8/3): the energy of a quantized value before its band's scale. */
const POW83 = Float64Array.from({ length: MAX_VALUE + 1 }, (_, q) => Math.pow(q, 8 / 3));

/** A decoding tree: node n's children at 2n and 2n + 1; a leaf is -(value + 1); 0 is no child. */
function buildTree(table: HuffmanTable): Int32Array {
  const tree = new Int32Array(4 * table.codes.length);
  let next = 1;
  table.codes.forEach((code, value) => {
    const length = table.lengths[value]!;
    let node = 0;
    for (let b = length - 1; b >= 0; b--) {
      const at = 2 * node + ((code >> b) & 1);
      if (b === 0) tree[at] = -(value + 1);
      else node = tree[at]! > 0 ? tree[at]! : (tree[at] = next++);
    }
  });
  return tree;
}

type PairTree = { tree: Int32Array; xlen: number };
const PAIR_TREES = new Map<number, PairTree>();
function pairTree(tableSelect: number): PairTree | null {
  const id = tableSelect >= 24 ? 24 : tableSelect >= 16 ? 16 : tableSelect;
  const table = PAIR_TABLES[id];
  if (!table) return null; // 4 and 14 are not used
  let tree = PAIR_TREES.get(id);
  if (!tree) PAIR_TREES.set(id, (tree = { tree: buildTree(table), xlen: table.xlen }));
  return tree;
}
const QUAD_TREES = [buildTree(QUAD_TABLE_A), buildTree(QUAD_TABLE_B)] as const;

class Bits {
  constructor(
    private readonly buf: Uint8Array,
    public pos: number,
  ) {}
  bit(): number {
    const p = this.pos++;
    return (this.buf[p >> 3]! >> (7 - (p & 7))) & 1;
  }
  read(n: number): number {
    let v = 0;
    for (let i = 0; i < n; i++) v = (v << 1) | this.bit();
    return v;
  }
  huff(tree: Int32Array): number {
    let node = 0;
    for (;;) {
      const v = tree[2 * node + this.bit()]!;
      if (v < 0) return -v - 1;
      if (v === 0) throw new Mp3LayoutError('invalid Huffman code');
      node = v;
    }
  }
}

type GranuleSide = {
  part23: number; bigValues: number; sfCompress: number; blockType: number;
  tables: number[]; region1: number; region2: number; preflag: number; sfScale: number; count1Table: number;
}; // prettier-ignore

type Frame = { at: number; channels: number; intensity: boolean; mainStart: number; end: number };

/** MPEG-1 Layer III, 44.1 kHz frames from `start` until something else (a trailing tag) or the end. */
function frames(buf: Buffer, start: number): Frame[] {
  const out: Frame[] = [];
  for (let at = start; at + 4 <= buf.length; ) {
    const [b1, b2, b3] = [buf[at + 1]!, buf[at + 2]!, buf[at + 3]!];
    if (buf[at] !== 0xff || (b1 & 0xfe) !== 0xfa) {
      if (out.length === 0) throw new Mp3LayoutError('not MPEG-1 Layer III');
      break;
    }
    const bitrate = BITRATES_KBPS[b2 >> 4];
    if (!bitrate || ((b2 >> 2) & 3) !== 0) throw new Mp3LayoutError('free-format bitrate or not 44.1 kHz');
    const length = Math.floor((144_000 * bitrate) / 44_100) + ((b2 >> 1) & 1);
    if (at + length > buf.length) break; // a cut-off last frame keeps its bytes
    const channels = b3 >> 6 === 3 ? 1 : 2;
    const sideStart = at + 4 + (b1 & 1 ? 0 : 2);
    const intensity = b3 >> 6 === 1 && ((b3 >> 4) & 1) === 1;
    out.push({ at, channels, intensity, mainStart: sideStart + (channels === 1 ? 17 : 32), end: at + length });
    at += length;
  }
  return out;
}

function readSide(buf: Buffer, frame: Frame): { mainDataBegin: number; scfsi: number[][]; granules: GranuleSide[][] } {
  const r = new Bits(buf, (frame.mainStart - (frame.channels === 1 ? 17 : 32)) * 8);
  const mainDataBegin = r.read(9);
  r.read(frame.channels === 1 ? 5 : 3);
  const scfsi = Array.from({ length: frame.channels }, () => [r.read(1), r.read(1), r.read(1), r.read(1)]);
  const granules = [0, 1].map(() =>
    Array.from({ length: frame.channels }, (): GranuleSide => {
      const [part23, bigValues] = [r.read(12), r.read(9)];
      r.read(8); // global_gain: the same factor for the granule's whole spectrum, so budgets relative to it need not know it
      const sfCompress = r.read(4);
      let blockType = 0;
      let tables: number[];
      let region1: number;
      let region2: number;
      if (r.read(1)) {
        blockType = r.read(2);
        r.read(1); // mixed_block_flag: short blocks are never mapped
        tables = [r.read(5), r.read(5), 0];
        r.read(9); // subblock gains
        [region1, region2] = [36, 576];
      } else {
        tables = [r.read(5), r.read(5), r.read(5)];
        const [r0, r1] = [r.read(4), r.read(3)];
        [region1, region2] = [SFB_LONG[r0 + 1]!, SFB_LONG[Math.min(r0 + r1 + 2, 22)]!];
      }
      return { part23, bigValues, sfCompress, blockType, tables, region1, region2, preflag: r.read(1), sfScale: r.read(1), count1Table: r.read(1) };
    }),
  );
  return { mainDataBegin, scfsi, granules };
}

/** Long-block scalefactors (band 21 has none), taking scfsi's bands from granule 0's when given. */
function readScalefactors(r: Bits, g: GranuleSide, scfsi: number[] | null, previous: number[] | null): number[] | null {
  const sf = new Array<number>(22).fill(0);
  for (let group = 0; group < 4; group++) {
    const slen = group < 2 ? SLEN1[g.sfCompress]! : SLEN2[g.sfCompress]!;
    for (let b = SCFSI_BANDS[group]!; b < SCFSI_BANDS[group + 1]!; b++) {
      if (scfsi?.[group]) {
        if (!previous) return null;
        sf[b] = previous[b]!;
      } else sf[b] = r.read(slen);
    }
  }
  return sf;
}

/** One granule's non-zero values (both channels): spectral energy (up to the granule's gain) and sign bit. */
class Values {
  readonly energy = new Float64Array(1152);
  readonly signBit = new Int32Array(1152);
  length = 0;
}

/** Reads one granule's channel (part 3) into `into`; throws when its values run past `end`. */
function readValues(r: Bits, g: GranuleSide, sf: number[], end: number, into: Values): void {
  const scale = sf.map((f, b) => Math.pow(2, -(g.sfScale ? 2 : 1) * (f + g.preflag * PRETAB[b]!)));
  let b = 0;
  const push = (i: number, q: number) => {
    while (i >= SFB_LONG[b + 1]!) b++;
    into.energy[into.length] = POW83[q]! * scale[b]!;
    into.signBit[into.length++] = r.pos++;
  };
  const big = Math.min(2 * g.bigValues, 576);
  for (let i = 0; i < big; i += 2) {
    const table = g.tables[i < g.region1 ? 0 : i < g.region2 ? 1 : 2]!;
    if (table === 0) continue;
    const tree = pairTree(table);
    if (!tree) throw new Mp3LayoutError(`Huffman table ${table}`);
    const pair = r.huff(tree.tree);
    const linbits = LINBITS[table]!;
    const x = Math.floor(pair / tree.xlen);
    const qx = linbits && x === 15 ? x + r.read(linbits) : x;
    if (qx) push(i, qx);
    const y = pair % tree.xlen;
    const qy = linbits && y === 15 ? y + r.read(linbits) : y;
    if (qy) push(i + 1, qy);
  }
  if (r.pos > end) throw new Mp3LayoutError('big values past the granule');
  for (let i = big; r.pos < end && i + 4 <= 576; i += 4) {
    const before = into.length;
    const quad = r.huff(QUAD_TREES[g.count1Table]!);
    for (let k = 0; k < 4; k++) if ((quad >> (3 - k)) & 1) push(i + k, 1);
    if (r.pos > end) into.length = before; // a quadruple running past the granule is not decoded
  }
}

/**
 * Where `mp3`'s signs may flip: per granule, its CANDIDATES_PER_GRANULE cheapest non-zero values
 * (long blocks only: short-block and intensity-coded channels are left as they are) whose flip
 * alone fits the granule's budget. Throws Mp3LayoutError when it is not an MP3 this maps.
 */
export function mapSigns(mp3: Buffer): SignMap {
  const list = frames(mp3, id3Length(mp3));
  // The main data of all frames back to back (the bit reservoir), and where each byte sits in the file.
  const total = list.reduce((n, f) => n + f.end - f.mainStart, 0);
  const main = new Uint8Array(total);
  const fileOf = new Int32Array(total);
  const starts = new Int32Array(list.length);
  let n = 0;
  list.forEach((f, i) => {
    starts[i] = n;
    main.set(mp3.subarray(f.mainStart, f.end), n);
    for (let at = f.mainStart; at < f.end; at++) fileOf[n++] = at;
  });

  const bits: number[] = [];
  const costs: number[] = [];
  const groupStarts = [0];
  const budgets: number[] = [];
  const previous: Array<number[] | null> = [null, null];
  const values = new Values();
  list.forEach((f, i) => {
    const side = readSide(mp3, f);
    const begin = starts[i]! - side.mainDataBegin;
    if (begin < 0) return; // its reservoir lies before the file's first frame
    const r = new Bits(main, begin * 8);
    side.granules.forEach((channels, gr) => {
      values.length = 0;
      channels.forEach((g, ch) => {
        const end = r.pos + g.part23;
        if (end > total * 8) throw new Mp3LayoutError('granule past the end');
        const sf = g.blockType === 2 ? null : readScalefactors(r, g, gr === 1 ? side.scfsi[ch]! : null, previous[ch]!);
        if (gr === 0) previous[ch] = sf;
        if (sf && !(f.intensity && ch === 1)) readValues(r, g, sf, end, values);
        r.pos = end;
      });
      let energy = 0;
      for (let k = 0; k < values.length; k++) energy += values.energy[k]!;
      const budget = energy * FLIP_BUDGET;
      for (const k of cheapest(values, budget / 4)) {
        const signBit = values.signBit[k]!;
        bits.push(fileOf[signBit >> 3]! * 8 + (signBit & 7));
        costs.push(4 * values.energy[k]!);
      }
      groupStarts.push(bits.length);
      budgets.push(budget);
    });
  });
  return { bits: Int32Array.from(bits), costs: Float64Array.from(costs), starts: Int32Array.from(groupStarts), budgets: Float64Array.from(budgets), granules: 2 * list.length };
}

/** Indices of the CANDIDATES_PER_GRANULE values of least energy, none above `most`, least first. */
function cheapest(values: Values, most: number): number[] {
  const picked: number[] = [];
  for (let k = 0; k < values.length; k++) {
    const e = values.energy[k]!;
    if (e > most) continue;
    let at = picked.length;
    if (at === CANDIDATES_PER_GRANULE) {
      if (e >= values.energy[picked[at - 1]!]!) continue;
      at--; // the dearest is dropped
    }
    for (; at > 0 && values.energy[picked[at - 1]!]! > e; at--) picked[at] = picked[at - 1]!;
    picked[at] = k;
  }
  return picked;
}

/** xoshiro128**, seeded with 16 bytes: the same seed gives the same copy. */
function random(seed: Uint8Array): () => number {
  const word = (i: number) => (seed[i]! | (seed[i + 1]! << 8) | (seed[i + 2]! << 16) | (seed[i + 3]! << 24)) >>> 0;
  let [a, b, c, d] = [word(0), word(4), word(8), word(12)];
  if (!(a | b | c | d)) a = 1;
  return () => {
    const result = Math.imul(rotl(Math.imul(b, 5), 7), 9) >>> 0;
    const t = b << 9;
    c ^= a;
    d ^= b;
    b ^= c;
    a ^= d;
    c ^= t;
    d = rotl(d, 11);
    return result / 2 ** 32;
  };
}
const rotl = (x: number, k: number) => (x << k) | (x >>> (32 - k));

/**
 * A copy of `mp3` (the file `map` was made from) with each candidate sign flipped or not by
 * `seed` (at least 16 bytes), within each granule's budget. Deterministic in `seed`.
 */
export function flipSigns(mp3: Buffer, map: SignMap, seed: Uint8Array): Buffer {
  if (seed.length < 16) throw new Error('seed of at least 16 bytes');
  const out = Buffer.from(mp3);
  const next = random(seed);
  for (let g = 0; g + 1 < map.starts.length; g++) {
    let left = map.budgets[g]!;
    for (let k = map.starts[g]!; k < map.starts[g + 1]!; k++) {
      if (next() < 0.5 || map.costs[k]! > left) continue;
      left -= map.costs[k]!;
      const bit = map.bits[k]!;
      out[bit >> 3] = out[bit >> 3]! ^ (0x80 >> (bit & 7));
    }
  }
  return out;
}
