import { ascii, id3Length } from './media';

/**
 * Frame walks for MP3 and ADTS (AAC): both are a plain sequence of self-sized frames, so the
 * audio ends exactly where the last whole frame ends. Where a walk ends tells the caller what
 * follows the audio (appended data) and whether the last frame is cut off (truncation).
 */

/** Where the audio ends (a byte offset), 'truncated' when a frame runs past the file, or null when the format cannot say. */
export type AudioEnd = number | 'truncated' | null;

type Frame = { length: number; /** version, layer, rate and channel bits: the same in every frame of one stream */ kind: number };

/** kbps by [MPEG-1 ? 0 : 1][layer - 1][index]; index 0 is "free format" (length unknown). */
const BITRATES = [
  [
    [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
    [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
    [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  ],
  [
    [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
    [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
    [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
  ],
] as const;
const RATES = [44100, 48000, 32000] as const;

function mpegFrame(buf: Buffer, at: number): Frame | null {
  if (at + 4 > buf.length || buf[at] !== 0xff) return null;
  const [b1, b2] = [buf[at + 1]!, buf[at + 2]!];
  const version = (b1 >> 3) & 3; // 3: MPEG-1, 2: MPEG-2, 0: MPEG-2.5
  const layer = 4 - ((b1 >> 1) & 3);
  const [rateIndex, bitrateIndex] = [(b2 >> 2) & 3, b2 >> 4];
  if ((b1 & 0xe0) !== 0xe0 || version === 1 || layer === 4 || rateIndex === 3 || bitrateIndex === 15) return null;
  const bitrate = BITRATES[version === 3 ? 0 : 1][layer - 1]![bitrateIndex]! * 1000;
  const rate = RATES[rateIndex]! / (version === 3 ? 1 : version === 2 ? 2 : 4);
  const pad = (b2 >> 1) & 1;
  let length = 0;
  if (layer === 1) length = (Math.floor((12 * bitrate) / rate) + pad) * 4;
  else if (layer === 3 && version !== 3) length = Math.floor((72 * bitrate) / rate) + pad;
  else length = Math.floor((144 * bitrate) / rate) + pad;
  return { length, kind: ((b1 & 0x1e) << 8) | (b2 & 0x0c) };
}

/** The stream size a Xing/Info or VBRI header in the first frame declares, or null. */
function declaredBytes(buf: Buffer, at: number): number | null {
  const [b1, b3] = [buf[at + 1]!, buf[at + 3]!];
  const mono = b3 >> 6 === 3;
  const sideInfo = ((b1 >> 3) & 3) === 3 ? (mono ? 17 : 32) : mono ? 9 : 17;
  const xing = at + 4 + sideInfo;
  if ((ascii(buf, xing, 'Xing') || ascii(buf, xing, 'Info')) && xing + 16 <= buf.length) {
    const flags = buf.readUInt32BE(xing + 4);
    if (!(flags & 2)) return null;
    return buf.readUInt32BE(xing + 8 + (flags & 1 ? 4 : 0));
  }
  if (ascii(buf, at + 36, 'VBRI') && at + 50 <= buf.length) return buf.readUInt32BE(at + 46);
  return null;
}

/**
 * MP3 from its first frame at `start`: frames of one kind, back to back (an ID3v2 tag between
 * them, as in joined files, is stepped over). A stream shorter than its Xing/VBRI header says
 * is truncated even when it stops on a frame boundary.
 */
export function mp3End(buf: Buffer, start: number): AudioEnd {
  const first = mpegFrame(buf, start);
  if (!first || first.length === 0) return null; // free-format bitrate: frame sizes are not in the headers
  let at = start;
  for (;;) {
    if (ascii(buf, at, 'ID3')) {
      at += id3Length(buf.subarray(at));
      if (at > buf.length) return 'truncated';
      continue;
    }
    const frame = mpegFrame(buf, at);
    if (!frame || frame.kind !== first.kind || frame.length === 0) break;
    if (at + frame.length > buf.length) return 'truncated';
    at += frame.length;
  }
  const declared = declaredBytes(buf, start);
  // Some encoders count the leading ID3v2 tag in the size, some do not: compare against the larger.
  if (declared !== null && at < declared) return 'truncated';
  return at;
}

function adtsFrame(buf: Buffer, at: number): Frame | null {
  if (at + 7 > buf.length || buf[at] !== 0xff || (buf[at + 1]! & 0xf6) !== 0xf0) return null;
  const [b1, b2, b3] = [buf[at + 1]!, buf[at + 2]!, buf[at + 3]!];
  const length = ((b3 & 3) << 11) | (buf[at + 4]! << 3) | (buf[at + 5]! >> 5);
  const headerLength = b1 & 1 ? 7 : 9;
  if (((b2 >> 2) & 0xf) > 12 || length < headerLength) return null;
  return { length, kind: ((b1 & 0x08) << 16) | (b2 << 8) | (b3 & 0xc0) };
}

/** ADTS (AAC) from its first frame at `start`: frames of one kind, back to back. */
export function adtsEnd(buf: Buffer, start: number): AudioEnd {
  const first = adtsFrame(buf, start);
  if (!first) return null;
  let at = start;
  for (;;) {
    const frame = adtsFrame(buf, at);
    if (!frame || frame.kind !== first.kind) return at;
    if (at + frame.length > buf.length) return 'truncated';
    at += frame.length;
  }
}
