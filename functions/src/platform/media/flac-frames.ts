import type { AudioEnd } from './mpeg-frames';

/**
 * FLAC's end: frames are not length-prefixed, but each header carries its frame (or first
 * sample) number and a CRC-8, and each frame ends with a CRC-16. So the walk steps from header
 * to the header with the next number, checks the last frame's samples against STREAMINFO's
 * total (truncation on a frame boundary), and finds where the last frame ends by its CRC-16.
 */

const table = (poly: number, bits: 8 | 16) =>
  Array.from({ length: 256 }, (_, n) => {
    const top = 1 << (bits - 1);
    let crc = n << (bits - 8);
    for (let i = 0; i < 8; i++) crc = crc & top ? ((crc << 1) ^ poly) & (top * 2 - 1) : (crc << 1) & (top * 2 - 1);
    return crc;
  });
const CRC8 = table(0x07, 8);
const CRC16 = table(0x8005, 16);

function crc8(buf: Buffer, from: number, to: number): number {
  let crc = 0;
  for (let i = from; i < to; i++) crc = CRC8[crc ^ buf[i]!]!;
  return crc;
}

const crc16Step = (crc: number, byte: number) => ((crc << 8) & 0xffff) ^ CRC16[(crc >> 8) ^ byte]!;

type FrameHeader = { at: number; end: number; number: number; variable: boolean; blockSize: number };

/** The UTF-8-style coded frame/sample number at `at`: its value and byte length, or null. */
function codedNumber(buf: Buffer, at: number): { value: number; length: number } | null {
  const lead = buf[at];
  if (lead === undefined) return null;
  const length = lead < 0x80 ? 1 : lead >= 0xc0 && lead <= 0xfe ? Math.clz32(~(lead << 24)) : 0;
  if (length === 0 || at + length > buf.length) return null;
  let value = lead & (0xff >> (length + (length > 1 ? 1 : 0)));
  for (let i = 1; i < length; i++) {
    const next = buf[at + i]!;
    if ((next & 0xc0) !== 0x80) return null;
    value = value * 64 + (next & 0x3f);
  }
  return { value, length };
}

/** A frame header at `at` whose fields are legal and whose CRC-8 matches, or null. */
function frameHeader(buf: Buffer, at: number): FrameHeader | null {
  if (at + 6 > buf.length || buf[at] !== 0xff || (buf[at + 1]! & 0xfe) !== 0xf8) return null;
  const [b2, b3] = [buf[at + 2]!, buf[at + 3]!];
  const [sizeCode, rateCode] = [b2 >> 4, b2 & 0xf];
  if (sizeCode === 0 || rateCode === 0xf || b3 >> 4 > 10 || ((b3 >> 1) & 7) === 3 || b3 & 1) return null;
  const coded = codedNumber(buf, at + 4);
  if (!coded) return null;
  let p = at + 4 + coded.length;
  let blockSize = sizeCode === 1 ? 192 : sizeCode <= 5 ? 576 << (sizeCode - 2) : 256 << (sizeCode - 8);
  if (sizeCode === 6 || sizeCode === 7) {
    const extra = sizeCode === 6 ? 1 : 2;
    if (p + extra > buf.length) return null;
    blockSize = buf.readUIntBE(p, extra) + 1;
    p += extra;
  }
  p += rateCode === 12 ? 1 : rateCode === 13 || rateCode === 14 ? 2 : 0;
  if (p >= buf.length || crc8(buf, at, p) !== buf[p]) return null;
  return { at, end: p + 1, number: coded.value, variable: (buf[at + 1]! & 1) === 1, blockSize };
}

/** The next header after `from` that carries `number`, or null. */
function nextHeader(buf: Buffer, from: number, number: number): FrameHeader | null {
  for (let at = buf.indexOf(0xff, from); at >= 0; at = buf.indexOf(0xff, at + 1)) {
    const header = frameHeader(buf, at);
    if (header && header.number === number) return header;
  }
  return null;
}

/** Where the frame starting at `header` ends by its CRC-16: at `limit` if it can, else at the first match, else nowhere. */
function lastFrameEnd(buf: Buffer, header: FrameHeader, limit: number): AudioEnd {
  let crc = 0;
  let firstMatch: number | null = null;
  for (let at = header.at; at + 2 <= limit; at++) {
    if (at >= header.end && crc === buf.readUInt16BE(at)) {
      if (at + 2 === limit) return limit;
      firstMatch ??= at + 2;
    }
    crc = crc16Step(crc, buf[at]!);
  }
  return firstMatch ?? 'truncated';
}

/** FLAC from "fLaC" at `start`, its content ending by `limit` (trailing tags set aside). */
export function flacEnd(buf: Buffer, start: number, limit: number): AudioEnd {
  let at = start + 4;
  let totalSamples = 0;
  for (let last = false; !last; ) {
    if (at + 4 > buf.length) return 'truncated';
    const [kind, size] = [buf[at]!, buf.readUIntBE(at + 1, 3)];
    if (at + 4 + size > buf.length) return 'truncated';
    if ((kind & 0x7f) === 0 && size >= 34) totalSamples = (buf[at + 4 + 13]! & 0xf) * 2 ** 32 + buf.readUInt32BE(at + 4 + 14);
    last = (kind & 0x80) !== 0;
    at += 4 + size;
  }
  const first = frameHeader(buf, at);
  if (!first) return at;
  let frame = first;
  for (;;) {
    const next = nextHeader(buf, frame.end, frame.variable ? frame.number + frame.blockSize : frame.number + 1);
    if (!next) break;
    frame = next;
  }
  const samples = (frame.variable ? frame.number : frame.number * first.blockSize) + frame.blockSize;
  if (totalSamples > 0 && samples < totalSamples) return 'truncated';
  return lastFrameEnd(buf, frame, limit);
}
