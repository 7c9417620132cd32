import { flacEnd } from './flac-frames';
import { mp4End, oggEnd, riffEnd } from './audio-containers';
import { ascii, id3Length, type AudioKind } from './media';
import { adtsEnd, mp3End, type AudioEnd } from './mpeg-frames';

/**
 * Whether an audio upload is exactly one audio file: not cut short, and carrying nothing after
 * the audio (the stored original is handed to licence holders, so a file that is also an
 * archive must not get in). ffmpeg alone cannot tell: it skips junk after the last frame and
 * decodes a truncated WAV or Ogg without complaint. So the container's own sizes are walked,
 * and a ZIP directory at the end is looked for in every format.
 */

export type StructureProblem = 'truncated' | 'trailing_data';

/** Where the content ends once the tags players expect at the very end (ID3v1, APEv2, Lyrics3v2, appended ID3v2) are set aside. */
function tagsStart(buf: Buffer): number {
  let end = buf.length;
  for (let before = -1; before !== end; ) {
    before = end;
    if (end >= 128 && ascii(buf, end - 128, 'TAG')) end -= 128;
    else if (end >= 32 && ascii(buf, end - 32, 'APETAGEX')) {
      const size = buf.readUInt32LE(end - 20) + (buf.readUInt32LE(end - 12) & 0x80000000 ? 32 : 0);
      if (size >= 32 && size <= end) end -= size;
    } else if (end >= 15 && ascii(buf, end - 9, 'LYRICS200') && /^\d{6}$/.test(buf.toString('latin1', end - 15, end - 9))) {
      const size = Number(buf.toString('latin1', end - 15, end - 9)) + 15;
      if (size <= end) end -= size;
    } else if (end >= 10 && ascii(buf, end - 10, '3DI')) {
      const size = id3Length(Buffer.concat([Buffer.from('ID3'), buf.subarray(end - 7, end)])); // header, body and this footer
      if (size <= end) end -= size;
    }
  }
  return end;
}

/** `end` moved back over zero bytes (padding some writers leave, harmless). */
function beforeZeros(buf: Buffer, end: number): number {
  while (end > 0 && buf[end - 1] === 0) end--;
  return end;
}

const EOCD = Buffer.from([0x50, 0x4b, 0x05, 0x06]);

/**
 * A ZIP end-of-central-directory record where ZIP readers look for it (the last 64 KiB), with
 * fields that hang together: the file would open as an archive (zip, jar, docx, apk ...).
 */
export function hasZipDirectory(buf: Buffer): boolean {
  const from = Math.max(0, buf.length - 22 - 0xffff);
  for (let at = buf.lastIndexOf(EOCD); at >= from; at = at > 0 ? buf.lastIndexOf(EOCD, at - 1) : -1) {
    if (at + 22 > buf.length) continue;
    const [onDisk, total, dirSize, comment] = [buf.readUInt16LE(at + 8), buf.readUInt16LE(at + 10), buf.readUInt32LE(at + 12), buf.readUInt16LE(at + 20)];
    const dirFits = dirSize === 0xffffffff || dirSize <= at; // 0xffffffff: ZIP64 keeps the size elsewhere
    if (onDisk <= total && dirFits && at + 22 + comment <= buf.length) return true;
  }
  return false;
}

/** Where the audio data starts: after a leading ID3v2 tag and the zero padding some taggers add. */
function audioStart(buf: Buffer): number {
  let at = id3Length(buf);
  while (at < buf.length && buf[at] === 0) at++;
  return at;
}

function audioEnd(buf: Buffer, kind: AudioKind, limit: number): AudioEnd {
  switch (kind) {
    case 'mp3':
      return mp3End(buf, audioStart(buf));
    case 'aac':
      return adtsEnd(buf, audioStart(buf));
    case 'flac':
      return flacEnd(buf, audioStart(buf), limit);
    case 'wav':
      return riffEnd(buf);
    case 'ogg':
      return oggEnd(buf);
    case 'm4a':
      return mp4End(buf);
  }
}

/** What is wrong with the file's structure as `kind` (already sniffed), or null when it is one whole file. */
export function audioStructureProblem(buf: Buffer, kind: AudioKind): StructureProblem | null {
  if (hasZipDirectory(buf)) return 'trailing_data';
  const limit = tagsStart(buf);
  const end = audioEnd(buf, kind, limit);
  if (end === 'truncated') return 'truncated';
  if (end !== null && end < beforeZeros(buf, limit)) return 'trailing_data';
  return null;
}
