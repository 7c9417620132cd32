import { ascii } from './media';
import type { AudioEnd } from './mpeg-frames';

/**
 * Container walks for WAV (RIFF chunks), Ogg (pages) and M4A (ISO boxes): each part declares
 * its size, so the walk knows where the container ends and whether a part runs past the file.
 */

/** RIFF/WAVE: the RIFF size and each chunk's size. Streamed files (size unknown) cannot say. */
export function riffEnd(buf: Buffer): AudioEnd {
  const riffSize = buf.readUInt32LE(4);
  if (riffSize === 0 || riffSize === 0xffffffff) return null;
  const declaredEnd = 8 + riffSize;
  const stop = Math.min(declaredEnd, buf.length);
  let at = 12;
  while (at + 8 <= stop) {
    const size = buf.readUInt32LE(at + 4);
    if (size === 0xffffffff && ascii(buf, at, 'data')) return null;
    if (at + 8 + size > buf.length) return 'truncated';
    at += 8 + size + (size & 1); // chunks are padded to an even length
  }
  // Cut inside a chunk header. A RIFF size beyond the file alone is not enough: some writers overstate it.
  if (declaredEnd > buf.length && at < buf.length) return 'truncated';
  return Math.min(Math.max(at, declaredEnd), buf.length);
}

/** Ogg: pages back to back; the last one must end the stream (EOS), else the file was cut on a page boundary. */
export function oggEnd(buf: Buffer): AudioEnd {
  let at = 0;
  let lastFlags = 0;
  while (ascii(buf, at, 'OggS')) {
    const segments = buf[at + 26];
    if (segments === undefined) return 'truncated';
    const tableEnd = at + 27 + segments;
    if (tableEnd > buf.length) return 'truncated';
    let body = 0;
    for (let i = at + 27; i < tableEnd; i++) body += buf[i]!;
    if (tableEnd + body > buf.length) return 'truncated';
    lastFlags = buf[at + 5]!;
    at = tableEnd + body;
  }
  return lastFlags & 0x04 ? at : 'truncated';
}

const BOX_TYPE = /^[\x20-\x7e]{4}$/;

/** ISO base media (M4A): top-level boxes back to back; a box "to the end of the file" (size 0) cannot say. */
export function mp4End(buf: Buffer): AudioEnd {
  let at = 0;
  while (at + 8 <= buf.length && BOX_TYPE.test(buf.toString('latin1', at + 4, at + 8))) {
    let size = buf.readUInt32BE(at);
    if (size === 0) return null;
    if (size === 1) {
      if (at + 16 > buf.length) return 'truncated';
      size = Number(buf.readBigUInt64BE(at + 8));
    }
    if (size < 8) break;
    if (at + size > buf.length) return 'truncated';
    at += size;
  }
  return at;
}
