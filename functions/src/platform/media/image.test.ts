import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanImage, MAX_IMAGE_SIDE } from './image';
import { jpegOrientation } from './image-orientation';
import { MediaError, sniffImage } from './media';

const ffmpeg = ffmpegInstaller.path;
const exec = promisify(execFile);
let dir: string;

/** An image rendered by ffmpeg from a test pattern. */
async function render(name: string, size: string, args: string[] = []): Promise<Buffer> {
  const out = join(dir, name);
  await exec(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `testsrc=size=${size}`, '-frames:v', '1', ...args, out]);
  return readFile(out);
}

/** Width and height of an image as ffmpeg reads it. */
async function dimensions(image: Buffer): Promise<[number, number]> {
  const path = join(dir, `probe-${Math.random().toString(36).slice(2)}`);
  await writeFile(path, image);
  const { stderr } = await exec(ffmpeg, ['-hide_banner', '-i', path, '-f', 'null', '-']);
  const match = /Video: .*?, (\d+)x(\d+)/.exec(stderr);
  return [Number(match![1]), Number(match![2])];
}

/** `jpeg` with an APP1 EXIF segment right after SOI: an orientation and a text entry. */
function withExif(jpeg: Buffer, orientation: number, text: string): Buffer {
  const tiff = Buffer.alloc(26 + text.length);
  tiff.write('MM\0\x2a\0\0\0\x08', 0, 'latin1');
  tiff.writeUInt16BE(1, 8); // one IFD0 entry: orientation, SHORT, count 1
  tiff.writeUInt16BE(0x0112, 10);
  tiff.writeUInt16BE(3, 12);
  tiff.writeUInt32BE(1, 14);
  tiff.writeUInt16BE(orientation, 18);
  tiff.write(text, 26, 'latin1'); // after the IFD: where a maker note or GPS block would sit
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const length = Buffer.alloc(2);
  length.writeUInt16BE(payload.length + 2);
  return Buffer.concat([jpeg.subarray(0, 2), Buffer.from([0xff, 0xe1]), length, payload, jpeg.subarray(2)]);
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'image-test-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('cleanImage', () => {
  it('re-encodes a JPEG without its EXIF, turned upright by its orientation', async () => {
    const jpeg = withExif(await render('a.jpg', '64x32'), 6, 'GPS 48.8584N 2.2945E Pixel 9');
    expect(jpegOrientation(jpeg)).toBe(6);
    const clean = await cleanImage(ffmpeg, jpeg, 'jpeg');
    expect(clean.kind).toBe('jpeg');
    expect(sniffImage(clean.data)).toBe('jpeg');
    for (const secret of ['GPS', 'Pixel', 'Exif', 'Lavc']) expect(clean.data.includes(secret, 0, 'latin1'), secret).toBe(false);
    expect(await dimensions(clean.data)).toEqual([32, 64]);
  });

  it('keeps PNG and GIF lossless (as PNG) and drops text chunks; WebP becomes JPEG', async () => {
    const png = await render('a.png', '40x30');
    const withText = Buffer.concat([png.subarray(0, 33), textChunk('Comment', 'Secret note'), png.subarray(33)]);
    expect(withText.includes('Secret note', 0, 'latin1')).toBe(true);
    const clean = await cleanImage(ffmpeg, withText, 'png');
    expect([clean.kind, sniffImage(clean.data), clean.data.includes('Secret', 0, 'latin1')]).toEqual(['png', 'png', false]);
    expect((await cleanImage(ffmpeg, await render('a.gif', '40x30'), 'gif')).kind).toBe('png');
    expect(sniffImage((await cleanImage(ffmpeg, await render('a.webp', '40x30', ['-c:v', 'libwebp']), 'webp')).data)).toBe('jpeg');
  });

  it('scales a large picture down to the longest side allowed, and refuses one over 50 megapixels', async () => {
    const wide = await cleanImage(ffmpeg, await render('wide.png', '4000x1000'), 'png');
    expect(await dimensions(wide.data)).toEqual([MAX_IMAGE_SIDE, MAX_IMAGE_SIDE / 4]);
    const huge = await render('huge.png', '10000x6000', ['-pix_fmt', 'gray']);
    await expect(cleanImage(ffmpeg, huge, 'png')).rejects.toBeInstanceOf(MediaError);
  });

  it('refuses bytes that only start like an image', async () => {
    const fake = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(200, 0x41)]);
    await expect(cleanImage(ffmpeg, fake, 'png')).rejects.toBeInstanceOf(MediaError);
  });
});

/** A PNG tEXt chunk (its CRC is not checked by decoders that skip ancillary chunks, but write it right anyway). */
function textChunk(key: string, value: string): Buffer {
  const data = Buffer.from(`${key}\0${value}`, 'latin1');
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from('tEXt', 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([head, body, crc]);
}

function crc32(buf: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of buf) {
    crc ^= byte;
    for (let i = 0; i < 8; i++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}
