import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audioStructureProblem, hasZipDirectory } from './audio-structure';
import { sniffAudio, type AudioKind } from './media';

const exec = promisify(execFile);
const KINDS: AudioKind[] = ['mp3', 'wav', 'flac', 'ogg', 'm4a', 'aac'];
const ENCODE: Record<AudioKind, string[]> = {
  mp3: ['-c:a', 'libmp3lame', '-metadata', 'title=Tagged'],
  wav: ['-metadata', 'title=Tagged'],
  flac: ['-c:a', 'flac'],
  ogg: ['-c:a', 'libvorbis'],
  m4a: ['-c:a', 'aac'],
  aac: ['-c:a', 'aac', '-f', 'adts'],
};
/** The smallest ZIP archive there is (an empty one): its end-of-central-directory record alone. */
const EMPTY_ZIP = Buffer.concat([Buffer.from('PK\x05\x06', 'latin1'), Buffer.alloc(18)]);
const JUNK = Buffer.from(Array.from({ length: 4000 }, (_, i) => (i * 7919 + 13) % 251));
const audio = {} as Record<AudioKind, Buffer>;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'structure-test-'));
  await Promise.all(
    KINDS.map(async (kind) => {
      const out = join(dir, `a.${kind}`);
      const noise = ['-f', 'lavfi', '-i', 'anoisesrc=duration=3:color=pink:seed=7', '-ac', '2']; // seeded: the same bytes every run
      await exec(ffmpegInstaller.path, ['-hide_banner', '-loglevel', 'error', '-y', ...noise, ...ENCODE[kind], out]);
      audio[kind] = await readFile(out);
    }),
  );
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const problem = (buf: Buffer) => audioStructureProblem(buf, sniffAudio(buf)!);
const cut = (buf: Buffer, share: number) => buf.subarray(0, Math.floor(buf.length * share));

describe('audioStructureProblem', () => {
  it.each(KINDS)('accepts a whole %s file', (kind) => {
    expect(sniffAudio(audio[kind])).toBe(kind);
    expect(problem(audio[kind])).toBeNull();
  });

  // ADTS declares no total, so only a cut inside a frame shows (these are, with this seed).
  it.each(KINDS)('finds a %s file cut short', (kind) => {
    for (let share = 0.05; share < 1; share += 0.05) expect(problem(cut(audio[kind], share)), `${share}`).toBe('truncated');
  });

  it.each(KINDS)('finds data appended to a %s file: a ZIP archive, or anything else', (kind) => {
    expect(problem(Buffer.concat([audio[kind], EMPTY_ZIP]))).toBe('trailing_data');
    expect(problem(Buffer.concat([audio[kind], JUNK]))).toBe('trailing_data');
  });

  it('allows the tags players expect at the end (ID3v1, APEv2) and zero padding, but no archive hidden in them', () => {
    const id3v1 = Buffer.concat([Buffer.from('TAG', 'latin1'), Buffer.alloc(125, 0x20)]);
    const ape = (body: Buffer) => {
      const footer = Buffer.alloc(32);
      footer.write('APETAGEX', 0, 'latin1');
      footer.writeUInt32LE(2000, 8);
      footer.writeUInt32LE(body.length + 32, 12);
      return Buffer.concat([body, footer]);
    };
    expect(problem(Buffer.concat([audio.mp3, ape(Buffer.alloc(40, 0x41)), id3v1]))).toBeNull();
    expect(problem(Buffer.concat([audio.mp3, Buffer.alloc(300)]))).toBeNull();
    expect(problem(Buffer.concat([audio.mp3, ape(EMPTY_ZIP), id3v1]))).toBe('trailing_data');
  });

  it('finds an mp3 cut exactly on a frame boundary by its Xing header, and a FLAC by its sample count', () => {
    // The last frame of a constant-bitrate mp3 is the file's last `frame` bytes.
    const frame = 417; // 128 kbps at 44.1 kHz
    expect(problem(audio.mp3.subarray(0, audio.mp3.length - frame * 3))).toBe('truncated');
    const flacFrames = [...audio.flac.subarray(200).entries()].filter(([i, b]) => b === 0xff && audio.flac[200 + i + 1] === 0xf8).map(([i]) => 200 + i);
    expect(flacFrames.length).toBeGreaterThan(5);
    expect(problem(audio.flac.subarray(0, flacFrames.at(-2)))).toBe('truncated');
  });
});

describe('hasZipDirectory', () => {
  it('sees an archive at the end, not one in the middle, and not plain audio', () => {
    expect(hasZipDirectory(Buffer.concat([audio.wav, EMPTY_ZIP]))).toBe(true);
    expect(hasZipDirectory(Buffer.concat([EMPTY_ZIP, Buffer.alloc(70_000)]))).toBe(false);
    for (const kind of KINDS) expect(hasZipDirectory(audio[kind])).toBe(false);
  });
});
