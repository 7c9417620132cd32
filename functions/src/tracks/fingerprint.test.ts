import { beforeAll, describe, expect, it } from 'vitest';
import { ffmpegPath } from '../../../scripts/lib/media';
import { reencode, renderPiece, wavOf } from '../../../tests/api/music-fixtures';
import { decodeMonoPcm } from '../platform/media/media';
import { comparePrints, decodePrint, encodePrint, fingerprint, KEY_COUNT, LOOKUP_KEY_COUNT, MAX_BIT_ERROR_RATE, PRINT_SAMPLE_RATE, printKeys, samePrint, type FreshPrint } from './fingerprint';

/**
 * The acoustic fingerprint (Haitsma & Kalker, ISMIR 2002): a generated piece and its copies
 * through other codecs, trimmed and quieter, match; other pieces, tones and silence do not.
 */
const SECONDS = 12;
const printOf = async (audio: Buffer, ext: string): Promise<FreshPrint> => fingerprint(await decodeMonoPcm(ffmpegPath, audio, ext, PRINT_SAMPLE_RATE, 300));
/** How many of `stored`'s keys the lookup keys of `query` find (as acoustic-twins.ts looks a recording up). */
const sharedKeys = (stored: FreshPrint, query: FreshPrint) => printKeys(query, LOOKUP_KEY_COUNT).filter((k) => printKeys(stored).includes(k)).length;

let original: Buffer;
let print: FreshPrint;
beforeAll(async () => {
  original = wavOf(renderPiece(1, SECONDS));
  print = await printOf(original, 'wav');
}, 60_000);

describe('fingerprint', () => {
  it('has one sub-fingerprint per 11.6 ms hop, and keys', () => {
    expect(print.bits.length).toBe(Math.floor((SECONDS * PRINT_SAMPLE_RATE - 2048) / 64));
    // At most KEY_COUNT distinct ones, as many as have a margin (12 s of this piece: about 50).
    expect(printKeys(print).length).toBeGreaterThanOrEqual(30);
    expect(printKeys(print).length).toBeLessThanOrEqual(KEY_COUNT);
    expect(new Set(printKeys(print)).size).toBe(printKeys(print).length);
    expect(printKeys(print)[0]).toMatch(/^fp1:[0-9a-f]{8}$/);
    expect(comparePrints(print, print.bits)).toEqual({ bitErrorRate: 0, offset: 0 });
  });

  const copies: Array<[string, () => Promise<Buffer>, string, number]> = [
    ['an mp3 re-encode', () => reencode(original, 'mp3'), 'mp3', 0],
    ['an AAC (m4a) re-encode', () => reencode(original, 'm4a'), 'm4a', 0],
    ['a WAV of its mp3', async () => reencode(await reencode(original, 'mp3'), 'wav'), 'wav', 0],
    ['an mp3 of its AAC', async () => reencode(await reencode(original, 'm4a'), 'mp3'), 'mp3', 0],
    ['a copy without its first 3.3 s (mp3)', () => reencode(original, 'mp3', { trimSeconds: 3.3 }), 'mp3', Math.round((3.3 * PRINT_SAMPLE_RATE) / 64)],
    ['a copy at −6 dB (AAC)', () => reencode(original, 'm4a', { gainDb: -6 }), 'm4a', 0],
    ['a copy trimmed by 2.02 s and at −6 dB (AAC)', () => reencode(original, 'm4a', { trimSeconds: 2.017, gainDb: -6 }), 'm4a', Math.round((2.017 * PRINT_SAMPLE_RATE) / 64)],
  ];
  for (const [name, make, ext, offset] of copies) {
    it(`matches ${name}, either way round, at its offset, and shares keys with it`, { timeout: 30_000 }, async () => {
      const copy = await printOf(await make(), ext);
      const there = comparePrints(copy, print.bits);
      expect(there!.bitErrorRate).toBeLessThan(0.06);
      expect(Math.abs(there!.offset - offset)).toBeLessThanOrEqual(1);
      expect(samePrint(copy, print.bits)).toBe(true);
      expect(samePrint(print, copy.bits)).toBe(true);
      expect(sharedKeys(print, copy)).toBeGreaterThanOrEqual(5);
      expect(sharedKeys(copy, print)).toBeGreaterThanOrEqual(5);
    });
  }

  it('does not match other pieces, whatever their encoding, nor share keys with them', { timeout: 60_000 }, async () => {
    const others = await Promise.all([2, 3, 4, 5].map(async (seed) => printOf(await reencode(wavOf(renderPiece(seed, SECONDS)), seed % 2 ? 'mp3' : 'm4a'), seed % 2 ? 'mp3' : 'm4a')));
    for (const other of [...others]) {
      expect(samePrint(other, print.bits)).toBe(false);
      expect(samePrint(print, other.bits)).toBe(false);
      expect(sharedKeys(print, other)).toBe(0);
      const match = comparePrints(other, print.bits);
      if (match) expect(match.bitErrorRate).toBeGreaterThan(2 * MAX_BIT_ERROR_RATE);
    }
    for (const [i, a] of others.entries()) for (const b of others.slice(i + 1)) expect(samePrint(a, b.bits)).toBe(false);
  });

  it('gives a steady tone and silence no keys, and they match nothing, not even each other', () => {
    const tone = (hz: number) => Float32Array.from({ length: 10 * PRINT_SAMPLE_RATE }, (_, i) => 0.5 * Math.sin((2 * Math.PI * hz * i) / PRINT_SAMPLE_RATE));
    const [a, b, silence] = [fingerprint(tone(440)), fingerprint(tone(523)), fingerprint(new Float32Array(10 * PRINT_SAMPLE_RATE))];
    for (const p of [a, b, silence]) expect(printKeys(p)).toEqual([]);
    expect(samePrint(a, b.bits)).toBe(false);
    expect(samePrint(silence, silence.bits)).toBe(false);
    expect(samePrint(a, a.bits)).toBe(false);
  });

  it('is empty for audio shorter than two frames', () => {
    expect(fingerprint(new Float32Array(2000)).bits).toHaveLength(0);
    expect(samePrint(fingerprint(new Float32Array(2000)), print.bits)).toBe(false);
  });

  it('stores as bytes and reads back the same', () => {
    const back = decodePrint(new Uint8Array(encodePrint(print)));
    expect(back.bits).toEqual(print.bits);
    expect(back.strong).toEqual(print.strong);
  });
});
