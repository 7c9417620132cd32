import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAIR_TABLES, QUAD_TABLE_A, QUAD_TABLE_B, type HuffmanTable } from './mp3-huffman';
import { flipSigns, mapSigns, Mp3LayoutError } from './mp3-signs';

const exec = promisify(execFile);
let dir: string;
let stereo: Buffer;

async function make(name: string, args: string[]): Promise<Buffer> {
  const out = join(dir, name);
  await exec(ffmpegInstaller.path, ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', ...args, out]);
  return readFile(out);
}

/** Two tones and quiet noise, 3 s of 128 kbps joint stereo as clips are cut (no tags, no Xing frame). */
const CLIP_ARGS = ['-map_metadata', '-1', '-c:a', 'libmp3lame', '-b:a', '128k', '-ar', '44100', '-ac', '2', '-id3v2_version', '0', '-write_xing', '0'];
const music = (rate: number) => ['-f', 'lavfi', '-i', `aevalsrc=0.3*sin(2*PI*220*t)+0.2*sin(2*PI*1375*t)+0.02*(random(0)-0.5):s=${rate}:d=3`];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mp3-signs-'));
  stereo = await make('clip.mp3', [...music(44_100), ...CLIP_ARGS]);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the Layer III Huffman tables', () => {
  const tables: Array<[string, HuffmanTable]> = [...Object.entries(PAIR_TABLES), ['A', QUAD_TABLE_A], ['B', QUAD_TABLE_B]];
  it.each(tables)('table %s is a complete prefix code', (_, table) => {
    const words = table.codes.map((code, i) => code.toString(2).padStart(table.lengths[i]!, '0'));
    expect(words.reduce((sum, w) => sum + 2 ** -w.length, 0)).toBe(1);
    // Sorted, a word that prefixes another comes right before one that starts with it.
    const sorted = [...words].sort();
    expect(sorted.filter((w, i) => sorted[i + 1]?.startsWith(w))).toEqual([]);
  });
});

describe('flipSigns', () => {
  it('gives the same bytes for a seed and other bytes for another, of the same length and frames', () => {
    const original = Buffer.from(stereo);
    const map = mapSigns(stereo);
    expect(map.bits.length).toBeGreaterThan(0);
    const seed = (n: number) => Buffer.alloc(32, n);
    const [a, again, b] = [flipSigns(stereo, map, seed(1)), flipSigns(stereo, map, seed(1)), flipSigns(stereo, map, seed(2))];
    expect(a.equals(again)).toBe(true);
    expect(a.equals(stereo)).toBe(false);
    expect(a.equals(b)).toBe(false);
    expect(a).toHaveLength(stereo.length);
    // Only main data changes: every frame header stays where it was.
    for (let at = 0; at < stereo.length; at += 417 + ((stereo[at + 2]! >> 1) & 1)) expect(a.subarray(at, at + 4)).toEqual(stereo.subarray(at, at + 4));
    expect(stereo.equals(original)).toBe(true); // the input is never changed
  });

  it('keeps each granule within its budget', () => {
    const map = mapSigns(stereo);
    for (let g = 0; g + 1 < map.starts.length; g++) {
      for (let k = map.starts[g]!; k < map.starts[g + 1]!; k++) expect(map.costs[k]).toBeLessThanOrEqual(map.budgets[g]!);
    }
  });

  it('refuses what it cannot map: not an MP3, another sample rate', async () => {
    expect(() => mapSigns(Buffer.from('RIFF0000WAVEfmt '))).toThrow(Mp3LayoutError);
    const at48k = await make('48k.mp3', [...music(48_000), ...CLIP_ARGS.filter((a) => a !== '44100' && a !== '-ar')]);
    expect(() => mapSigns(at48k)).toThrow(Mp3LayoutError);
  });
});
