import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cutClip, cutPreview, MediaError, probeAudio, sniffAudio, sniffImage, sniffVideo } from './media';

const ffmpeg = ffmpegInstaller.path;
const exec = promisify(execFile);
let dir: string;

/** Renders `name` with ffmpeg from the given input and output options, returning its bytes. */
async function make(name: string, args: string[]): Promise<Buffer> {
  const out = join(dir, name);
  await exec(ffmpeg, ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', ...args, out]);
  return readFile(out);
}

const sine = (seconds: number) => ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`];
const picture = ['-f', 'lavfi', '-i', 'testsrc=size=64x64:rate=10:duration=0.5'];
const TAGS = ['-metadata', 'title=Secret', '-metadata', 'artist=Suno'];
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

const a: Record<string, Buffer> = {};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'media-test-'));
  const [mp3, wav, flac, ogg, m4a, aac, bare, blip] = await Promise.all([
    make('tagged.mp3', [...sine(60), '-ac', '2', '-c:a', 'libmp3lame', '-b:a', '128k', ...TAGS, '-id3v2_version', '3']),
    make('plain.wav', [...sine(30), ...TAGS]),
    make('plain.flac', [...sine(5), ...TAGS]),
    make('plain.ogg', [...sine(5), '-c:a', 'libvorbis']),
    make('plain.m4a', [...sine(5), '-c:a', 'aac']),
    make('plain.aac', [...sine(5), '-c:a', 'aac', '-f', 'adts']),
    make('bare.mp3', [...sine(5), '-c:a', 'libmp3lame', '-id3v2_version', '0', '-write_xing', '0']),
    make('blip.wav', [...sine(0.5)]),
  ]);
  Object.assign(a, { mp3, wav, flac, ogg, m4a, aac, bare, blip });
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('sniffAudio', () => {
  it('recognises each accepted format by its bytes', () => {
    expect(sniffAudio(a.mp3!)).toBe('mp3');
    expect(a.mp3!.subarray(0, 3).toString()).toBe('ID3');
    expect(sniffAudio(a.bare!)).toBe('mp3');
    expect(sniffAudio(a.wav!)).toBe('wav');
    expect(sniffAudio(a.flac!)).toBe('flac');
    expect(sniffAudio(a.ogg!)).toBe('ogg');
    expect(sniffAudio(a.m4a!)).toBe('m4a');
    expect(sniffAudio(a.aac!)).toBe('aac');
  });

  it('rejects a PNG, text, an empty file and a bare ID3 header, whatever they are named', () => {
    expect(sniffAudio(PNG)).toBeNull();
    expect(sniffAudio(Buffer.from('just some text pretending to be song.mp3\n'))).toBeNull();
    expect(sniffAudio(Buffer.alloc(0))).toBeNull();
    expect(sniffAudio(Buffer.concat([Buffer.from('ID3\x03\x00\x00\x00\x00\x00\x00', 'latin1'), Buffer.from('hello world')]))).toBeNull();
  });
});

describe('sniffVideo', () => {
  it('recognises mp4, mov, webm, mkv and avi, and nothing else', async () => {
    const [mp4, mov, webm, mkv, avi] = await Promise.all([
      make('v.mp4', [...picture, '-c:v', 'libx264', '-pix_fmt', 'yuv420p']),
      make('v.mov', [...picture, '-c:v', 'mpeg4']),
      make('v.webm', [...picture, '-c:v', 'libvpx']),
      make('v.mkv', [...picture, '-c:v', 'mpeg4']),
      make('v.avi', [...picture, '-c:v', 'mpeg4']),
    ]);
    expect([mp4, mov, webm, mkv, avi].map((v) => sniffVideo(v))).toEqual(['mp4', 'mov', 'webm', 'mkv', 'avi']);
    expect(sniffVideo(a.wav!)).toBeNull();
    expect(sniffVideo(a.mp3!)).toBeNull();
    expect(sniffVideo(PNG)).toBeNull();
    expect(sniffVideo(Buffer.alloc(21, 0x41))).toBeNull();
  });
});

describe('probeAudio', () => {
  it('decodes and measures real audio', async () => {
    expect((await probeAudio(ffmpeg, a.mp3!, 'mp3')).durationSeconds).toBeCloseTo(60, 0);
    expect((await probeAudio(ffmpeg, a.wav!, 'wav')).durationSeconds).toBeCloseTo(30, 1);
    expect((await probeAudio(ffmpeg, a.flac!, 'flac')).durationSeconds).toBeCloseTo(5, 1);
    expect((await probeAudio(ffmpeg, a.m4a!, 'm4a')).durationSeconds).toBeCloseTo(5, 0);
    expect((await probeAudio(ffmpeg, a.ogg!, 'ogg')).durationSeconds).toBeCloseTo(5, 0);
    expect((await probeAudio(ffmpeg, a.aac!, 'aac')).durationSeconds).toBeCloseTo(5, 0);
  });

  it('reads the content with the demuxer of the given format, so a playlist cannot pass for audio', async () => {
    const entry = `#EXT-X-TARGETDURATION:30\n#EXT-X-MEDIA-SEQUENCE:0\n#EXTINF:30,\n${join(dir, 'plain.wav')}\n#EXT-X-ENDLIST\n`;
    const playlist = Buffer.from(`#EXTM3U\n${entry}`); // unforced, ffmpeg would read it as HLS and open the wav
    await expect(probeAudio(ffmpeg, playlist, 'mp3')).rejects.toBeInstanceOf(MediaError);
    await expect(probeAudio(ffmpeg, a.wav!, 'mp3')).rejects.toBeInstanceOf(MediaError);
  });

  it('hashes the decoded samples: alike for files that decode alike, whatever their container or tags', async () => {
    const [wav, retagged] = await Promise.all([
      make('untagged.wav', [...sine(5)]), // the samples of plain.flac
      make('retagged.mp3', ['-i', join(dir, 'tagged.mp3'), '-c', 'copy', '-metadata', 'title=Other', '-id3v2_version', '3']),
    ]);
    expect(retagged.equals(a.mp3!)).toBe(false);
    const hashOf = async (buf: Buffer, ext: string) => (await probeAudio(ffmpeg, buf, ext)).samplesSha256;
    expect(await hashOf(wav, 'wav')).toMatch(/^[0-9a-f]{64}$/);
    expect(await hashOf(a.flac!, 'flac')).toBe(await hashOf(wav, 'wav'));
    expect(await hashOf(retagged, 'mp3')).toBe(await hashOf(a.mp3!, 'mp3'));
    // Other samples, another hash: a longer tone, and the same tone encoded lossily.
    expect(await hashOf(a.wav!, 'wav')).not.toBe(await hashOf(wav, 'wav'));
    expect(await hashOf(a.m4a!, 'm4a')).not.toBe(await hashOf(wav, 'wav'));
  });

  it('rejects content that is not decodable audio, and audio under 1 s', async () => {
    await expect(probeAudio(ffmpeg, PNG, 'mp3')).rejects.toBeInstanceOf(MediaError);
    await expect(probeAudio(ffmpeg, Buffer.from('not audio at all'), 'wav')).rejects.toBeInstanceOf(MediaError);
    await expect(probeAudio(ffmpeg, a.mp3!.subarray(0, 64), 'mp3')).rejects.toBeInstanceOf(MediaError);
    await expect(probeAudio(ffmpeg, a.blip!, 'wav')).rejects.toMatchObject({ reason: 'too_short' });
  });
});

describe('cutClip', () => {
  it('cuts 45 s of untagged mp3 from the chosen start', async () => {
    const clip = await cutClip(ffmpeg, a.mp3!, 'mp3', 10);
    expect(sniffAudio(clip)).toBe('mp3');
    expect((await probeAudio(ffmpeg, clip, 'mp3')).durationSeconds).toBeGreaterThan(44.5);
    expect((await probeAudio(ffmpeg, clip, 'mp3')).durationSeconds).toBeLessThan(45.5);
    for (const secret of ['Secret', 'Suno', 'ID3', 'Xing', 'Info', 'Lavf', 'Lavc']) {
      expect(clip.includes(secret, 0, 'latin1'), secret).toBe(false);
    }
    expect(clip.subarray(-128, -125).toString('latin1')).not.toBe('TAG'); // no ID3v1 trailer
    // the source did carry them, so the check above can fail
    expect(a.mp3!.includes('Secret', 0, 'latin1') && a.mp3!.includes('Suno', 0, 'latin1')).toBe(true);
  });

  it('strips the tags of a tagged wav too, and stops at the end of a short track', async () => {
    expect(a.wav!.includes('Secret', 0, 'latin1')).toBe(true);
    const clip = await cutClip(ffmpeg, a.wav!, 'wav', 0);
    expect(clip.includes('Secret', 0, 'latin1') || clip.includes('Suno', 0, 'latin1')).toBe(false);
    expect((await probeAudio(ffmpeg, clip, 'mp3')).durationSeconds).toBeCloseTo(30, 0);
  });

  it('rejects input it cannot decode', async () => {
    await expect(cutClip(ffmpeg, PNG, 'mp3', 0)).rejects.toBeInstanceOf(MediaError);
  });
});

describe('cutPreview', () => {
  it('cuts at most 30 s (as decoded) of lower-bitrate, mono, untagged mp3: not the clip', async () => {
    const preview = await cutPreview(ffmpeg, a.mp3!, 'mp3', 10);
    const clip = await cutClip(ffmpeg, a.mp3!, 'mp3', 10);
    expect(sniffAudio(preview)).toBe('mp3');
    const seconds = (await probeAudio(ffmpeg, preview, 'mp3')).durationSeconds;
    expect(seconds).toBeGreaterThan(29.5);
    expect(seconds).toBeLessThanOrEqual(30);
    expect(preview.length).toBeLessThan(30 * 8_000 * 1.05); // 64 kbps
    expect(preview.equals(clip.subarray(0, preview.length))).toBe(false);
    for (const secret of ['Secret', 'Suno', 'ID3', 'Xing', 'Info', 'Lavf', 'Lavc']) {
      expect(preview.includes(secret, 0, 'latin1'), secret).toBe(false);
    }
  });
});

describe('ffmpeg limits', () => {
  const tiny = { timeoutMs: 1, cpuSeconds: 30, memoryBytes: 256 * 1024 * 1024, fileBytes: 16 * 1024 * 1024 };

  it('stops a run at its wall-clock timeout, as a MediaError callers answer with a 400', async () => {
    await expect(probeAudio(ffmpeg, a.mp3!, 'mp3', tiny)).rejects.toMatchObject({ reason: 'timeout' });
    await expect(probeAudio(ffmpeg, a.mp3!, 'mp3', tiny)).rejects.toBeInstanceOf(MediaError);
  });

  it('leaves normal work alone under the default limits: a full decode and a cut', async () => {
    expect((await probeAudio(ffmpeg, a.wav!, 'wav')).durationSeconds).toBeCloseTo(30, 1);
    expect(sniffAudio(await cutClip(ffmpeg, a.flac!, 'flac', 0))).toBe('mp3');
  });
});

describe('sniffImage', () => {
  const pad = (head: number[] | string) => Buffer.concat([typeof head === 'string' ? Buffer.from(head, 'latin1') : Buffer.from(head), Buffer.alloc(16)]);
  it('knows PNG, JPEG, GIF and WebP by their bytes, whatever the name', () => {
    expect(sniffImage(pad([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe('png');
    expect(sniffImage(pad([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(sniffImage(pad('GIF89a'))).toBe('gif');
    expect(sniffImage(pad('RIFF\0\0\0\0WEBPVP8 '))).toBe('webp');
  });
  it('refuses text, audio, SVG and truncated headers', () => {
    expect(sniffImage(pad('hello, this is not an image'))).toBeNull();
    expect(sniffImage(pad('RIFF\0\0\0\0WAVEfmt '))).toBeNull();
    expect(sniffImage(pad('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull();
    expect(sniffImage(Buffer.from([0x89, 0x50]))).toBeNull();
  });
});
