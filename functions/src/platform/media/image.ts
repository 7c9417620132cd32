import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { unavailable } from '../http/errors';
import { IMAGE_LIMITS, inTempDir } from './ffmpeg';
import { uprightFilter } from './image-orientation';
import { MediaError, run, type ImageKind } from './media';

/**
 * Uploaded images are never stored as sent: they are decoded and encoded again, so what is
 * kept is pixels only. No EXIF (GPS position, camera, owner), no text chunks, no ICC or XMP
 * blocks, nothing appended after the image, and a bounded size.
 */

/** Larger pictures are refused before decoding (ffmpeg's max_pixels): 50 MP is beyond any phone camera's. */
const MAX_IMAGE_PIXELS = 50_000_000;
/** Longer sides are scaled down: still sharp enough to read a receipt, and a bounded file. */
export const MAX_IMAGE_SIDE = 2560;

export type CleanImage = { kind: 'png' | 'jpeg'; data: Buffer };

/** ffmpeg demuxer per sniffed format, forced so that nothing else is probed. */
const DEMUXERS: Record<ImageKind, string> = { png: 'png_pipe', jpeg: 'jpeg_pipe', gif: 'gif', webp: 'webp_pipe' };

/** Photos (JPEG, WebP) stay JPEG; screenshots and drawings (PNG, GIF) stay lossless. */
const OUTPUT: Record<ImageKind, CleanImage['kind']> = { png: 'png', gif: 'png', jpeg: 'jpeg', webp: 'jpeg' };
const ENCODERS: Record<CleanImage['kind'], string[]> = {
  png: ['-c:v', 'png'],
  jpeg: ['-c:v', 'mjpeg', '-q:v', '3', '-pix_fmt', 'yuvj444p'],
};

/**
 * `buf` (already sniffed as `kind`) as a fresh PNG or JPEG of its first frame, upright, at
 * most MAX_IMAGE_SIDE on its longer side. Rejects with MediaError when it does not decode,
 * is larger than MAX_IMAGE_PIXELS, or needs more than IMAGE_LIMITS.
 */
export async function cleanImage(ffmpegPath: string, buf: Buffer, kind: ImageKind): Promise<CleanImage> {
  const out = OUTPUT[kind];
  const fit = `scale=w='min(iw,${MAX_IMAGE_SIDE})':h='min(ih,${MAX_IMAGE_SIDE})':force_original_aspect_ratio=decrease`;
  const upright = kind === 'jpeg' ? uprightFilter(buf) : null;
  return inTempDir(buf, `input.${kind}`, async (dir, input) => {
    const output = join(dir, `clean.${out}`);
    const result = await run(
      ffmpegPath,
      [
        '-loglevel', 'error', '-y',
        '-threads', '1', '-max_pixels', String(MAX_IMAGE_PIXELS), '-f', DEMUXERS[kind], '-protocol_whitelist', 'file', '-i', input,
        '-map', '0:v:0', '-frames:v', '1', '-vf', upright ? `${upright},${fit}` : fit,
        '-map_metadata', '-1', '-fflags', '+bitexact', '-flags:v', '+bitexact',
        ...ENCODERS[out], '-threads', '1', '-f', 'image2', '-update', '1', output,
      ],
      IMAGE_LIMITS,
    ); // prettier-ignore
    if (result.code !== 0) throw new MediaError('decode_failed', result.stderr.slice(-500));
    const data = await readFile(output).catch(() => null);
    if (!data?.length) throw new MediaError('decode_failed', 'no picture decoded');
    return { kind: out, data };
  });
}

/**
 * What a failed image run means for the caller: the picture does not decode (or is too large),
 * `unreadable`; ffmpeg ran out of time (a busy instance), a 503 to try again.
 */
export function imageRunError(err: unknown, unreadable: () => Error): unknown {
  if (!(err instanceof MediaError)) return err;
  return err.reason === 'timeout' ? unavailable('The image could not be processed right now. Please try again.', 5) : unreadable();
}

/**
 * A cover (a stored placeholder JPEG) as WebP at `width` pixels wide (never enlarged), for
 * showing it at its displayed size. Deterministic (bitexact), so the committed local variants
 * and the API's agree. Rejects with MediaError when it does not decode.
 */
export async function webpVariant(ffmpegPath: string, jpeg: Buffer, width: number): Promise<Buffer> {
  return inTempDir(jpeg, 'input.jpg', async (dir, input) => {
    const output = join(dir, 'variant.webp');
    const result = await run(
      ffmpegPath,
      [
        '-loglevel', 'error', '-y',
        '-threads', '1', '-max_pixels', String(MAX_IMAGE_PIXELS), '-f', 'jpeg_pipe', '-protocol_whitelist', 'file', '-i', input,
        '-map', '0:v:0', '-frames:v', '1', '-vf', `scale=w='min(iw,${width})':h=-2`,
        '-map_metadata', '-1', '-fflags', '+bitexact', '-flags:v', '+bitexact',
        '-c:v', 'libwebp', '-quality', '78', '-compression_level', '6', '-threads', '1', '-f', 'webp', output,
      ],
      IMAGE_LIMITS,
    ); // prettier-ignore
    if (result.code !== 0) throw new MediaError('decode_failed', result.stderr.slice(-500));
    const data = await readFile(output).catch(() => null);
    if (!data?.length) throw new MediaError('decode_failed', 'no picture decoded');
    return data;
  });
}
