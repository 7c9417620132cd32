import { ascii } from './media';

/**
 * The EXIF orientation of a JPEG. Re-encoding drops EXIF (and with it where and with what a
 * photo was taken), so a phone photo's rotation must be applied to the pixels instead, or the
 * seller would see it sideways.
 */

/** ffmpeg filters that turn a picture with EXIF orientation 2..8 upright. */
const UPRIGHT: Record<number, string> = {
  2: 'hflip',
  3: 'hflip,vflip',
  4: 'vflip',
  5: 'transpose=0',
  6: 'transpose=1',
  7: 'transpose=3',
  8: 'transpose=2',
};

/** Orientation tag (0x0112) of IFD0 in a TIFF block ("Exif\0\0" payload), or 1. */
function tiffOrientation(tiff: Buffer): number {
  const little = ascii(tiff, 0, 'II');
  if (tiff.length < 8 || (!little && !ascii(tiff, 0, 'MM'))) return 1;
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const ifd = little ? tiff.readUInt32LE(4) : tiff.readUInt32BE(4);
  if (ifd + 2 > tiff.length) return 1;
  for (let i = 0, entry = ifd + 2; i < u16(ifd) && entry + 12 <= tiff.length; i++, entry += 12) {
    if (u16(entry) === 0x0112) return u16(entry + 8);
  }
  return 1;
}

/** The EXIF orientation in a JPEG's APP1 segment (1 when there is none). */
export function jpegOrientation(buf: Buffer): number {
  let at = 2;
  while (at + 4 <= buf.length && buf[at] === 0xff) {
    const marker = buf[at + 1]!;
    if (marker === 0xff) {
      at++; // fill byte
      continue;
    }
    if (marker === 0xda || marker === 0xd9) break; // image data or end: no more headers
    const size = buf.readUInt16BE(at + 2);
    if (marker === 0xe1 && ascii(buf, at + 4, 'Exif\0\0')) return tiffOrientation(buf.subarray(at + 10, Math.min(buf.length, at + 2 + size)));
    at += 2 + size;
  }
  return 1;
}

/** The filter that applies a JPEG's EXIF orientation, or null when it is already upright. */
export function uprightFilter(buf: Buffer): string | null {
  return UPRIGHT[jpegOrientation(buf)] ?? null;
}
