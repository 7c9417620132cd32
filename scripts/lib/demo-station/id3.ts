/**
 * Just enough ID3 for the demo station: the title/artist/album text frames of an ID3v2.3/2.4
 * tag (what ffmpeg and the API write; v2.2's three-letter frames too), and stripping the tags
 * off the audio so they never go out mid-stream.
 */

export type Id3Tags = { title?: string; artist?: string; album?: string };

const synchsafe = (b: Buffer, at: number) => ((b[at]! & 0x7f) << 21) | ((b[at + 1]! & 0x7f) << 14) | ((b[at + 2]! & 0x7f) << 7) | (b[at + 3]! & 0x7f);

/** The length of the ID3v2 tag at the start of `buf` (header, body and footer), 0 without one. */
export function id3v2Length(buf: Buffer): number {
  if (buf.length < 10 || buf.toString('latin1', 0, 3) !== 'ID3') return 0;
  const footer = buf[5]! & 0x10 ? 10 : 0;
  return Math.min(buf.length, 10 + synchsafe(buf, 6) + footer);
}

/** The mp3 frames alone: no ID3v2 tag(s) at the start, no ID3v1 tag at the end. */
export function stripTags(buf: Buffer): Buffer {
  let audio = buf;
  for (let n = id3v2Length(audio); n > 0; n = id3v2Length(audio)) audio = audio.subarray(n);
  if (audio.length >= 128 && audio.toString('latin1', audio.length - 128, audio.length - 125) === 'TAG') audio = audio.subarray(0, audio.length - 128);
  return audio;
}

function decodeText(body: Buffer): string {
  const encoding = body[0];
  const bytes = body.subarray(1);
  let text: string;
  if (encoding === 1) {
    // UTF-16 with a byte-order mark
    const bigEndian = bytes[0] === 0xfe && bytes[1] === 0xff;
    const hasBom = bigEndian || (bytes[0] === 0xff && bytes[1] === 0xfe);
    const data = Buffer.from(bytes.subarray(hasBom ? 2 : 0));
    if (bigEndian) data.swap16();
    text = data.subarray(0, data.length & ~1).toString('utf16le');
  } else if (encoding === 2) {
    const data = Buffer.from(bytes.subarray(0, bytes.length & ~1));
    text = data.swap16().toString('utf16le');
  } else if (encoding === 3) {
    text = bytes.toString('utf8');
  } else {
    text = bytes.toString('latin1');
  }
  // Several values are NUL-separated (v2.4): the first is the one shown.
  return text.split('\0')[0]!.trim();
}

const FRAMES: Record<string, keyof Id3Tags> = { TIT2: 'title', TPE1: 'artist', TALB: 'album', TT2: 'title', TP1: 'artist', TAL: 'album' };

/** The title, artist and album of the file's ID3v2 tag (what is missing stays undefined). */
export function readId3(buf: Buffer): Id3Tags {
  const tags: Id3Tags = {};
  const end = id3v2Length(buf);
  if (!end) return tags;
  const version = buf[3]!;
  const flags = buf[5]!;
  let at = 10;
  if (flags & 0x40 && version >= 3) at += version === 4 ? synchsafe(buf, 10) : 4 + buf.readUInt32BE(10); // extended header
  const idLength = version === 2 ? 3 : 4;
  const headerLength = version === 2 ? 6 : 10;
  while (at + headerLength <= end) {
    const id = buf.toString('latin1', at, at + idLength);
    if (!/^[A-Z0-9]+$/.test(id)) break; // padding
    const size =
      version === 2 ? buf.readUIntBE(at + 3, 3) : version === 4 ? synchsafe(buf, at + 4) : buf.readUInt32BE(at + 4);
    const body = buf.subarray(at + headerLength, Math.min(end, at + headerLength + size));
    const field = FRAMES[id];
    if (field && body.length > 1) tags[field] ??= decodeText(body) || undefined;
    at += headerLength + size;
  }
  return tags;
}

/** An ID3v2.4 tag with UTF-8 title, artist and album frames (an empty value gets no frame), as AzuraCast writes edited tags into the file. */
export function writeId3(tags: Id3Tags): Buffer {
  const synchsafeBytes = (n: number) => Buffer.from([(n >> 21) & 0x7f, (n >> 14) & 0x7f, (n >> 7) & 0x7f, n & 0x7f]);
  const frames = (Object.entries({ TIT2: tags.title, TPE1: tags.artist, TALB: tags.album }) as Array<[string, string | undefined]>)
    .filter(([, value]) => value)
    .map(([id, value]) => {
      const body = Buffer.concat([Buffer.from([3]), Buffer.from(value!, 'utf8')]);
      return Buffer.concat([Buffer.from(id, 'latin1'), synchsafeBytes(body.length), Buffer.from([0, 0]), body]);
    });
  const body = Buffer.concat(frames);
  return Buffer.concat([Buffer.from('ID3', 'latin1'), Buffer.from([4, 0, 0]), synchsafeBytes(body.length), body]);
}
