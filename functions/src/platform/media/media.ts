import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AUDIO_LIMITS, runLimited, type FfmpegLimits, type RunResult } from './ffmpeg';
import { CLIP_SECONDS, PREVIEW_SECONDS } from '../../../../common/constants';

/**
 * Audio and video checks by content (magic bytes) and the clip and preview cuts, with ffmpeg only
 * (ffprobe is not shipped). Pure functions of their inputs and the ffmpeg binary's path.
 */

export type AudioKind = 'mp3' | 'wav' | 'flac' | 'ogg' | 'm4a' | 'aac';
export type VideoKind = 'mp4' | 'mov' | 'webm' | 'mkv' | 'avi';

/** Content that is not usable media, or that ffmpeg could not handle within its limits; callers map it to a 400. */
export class MediaError extends Error {
  constructor(readonly reason: 'decode_failed' | 'no_audio' | 'too_short' | 'cut_failed' | 'timeout' | 'limit', detail: string) {
    super(`${reason}: ${detail}`);
  }
}

export const ascii = (buf: Buffer, at: number, text: string) => buf.length >= at + text.length && buf.toString('latin1', at, at + text.length) === text;

/** ADTS (AAC): 12-bit sync, layer bits 00 (0xFFF1 / 0xFFF9 without CRC, 0xFFF0 / 0xFFF8 with). */
const isAdts = (b0: number, b1: number) => b0 === 0xff && (b1 & 0xf6) === 0xf0;

/** MPEG audio frame header: 11-bit sync, a real version and layer, a usable bitrate and rate. */
function isMpegFrame(buf: Buffer, at: number): boolean {
  if (buf.length < at + 4) return false;
  const [b0, b1, b2] = [buf[at]!, buf[at + 1]!, buf[at + 2]!];
  if (b0 !== 0xff || (b1 & 0xe0) !== 0xe0) return false;
  const version = (b1 >> 3) & 0b11;
  const layer = (b1 >> 1) & 0b11;
  const bitrate = b2 >> 4;
  const rate = (b2 >> 2) & 0b11;
  return version !== 0b01 && layer !== 0b00 && bitrate !== 0b1111 && rate !== 0b11;
}

/** Size of an ID3v2 tag at the start (header, syncsafe size, optional footer), or 0. */
export function id3Length(buf: Buffer): number {
  if (!ascii(buf, 0, 'ID3') || buf.length < 10) return 0;
  const size = ((buf[6]! & 0x7f) << 21) | ((buf[7]! & 0x7f) << 14) | ((buf[8]! & 0x7f) << 7) | (buf[9]! & 0x7f);
  const footer = (buf[5]! & 0x10) !== 0 ? 10 : 0;
  return 10 + size + footer;
}

/** The audio format of `buf` by its leading bytes, or null when it is not audio we accept. */
export function sniffAudio(buf: Buffer): AudioKind | null {
  const tag = id3Length(buf);
  if (tag > 0) {
    let at = tag;
    while (at < buf.length && at < tag + 4096 && buf[at] === 0) at++; // padding some taggers add
    if (isMpegFrame(buf, at)) return 'mp3';
    if (at + 1 < buf.length && isAdts(buf[at]!, buf[at + 1]!)) return 'aac';
    if (ascii(buf, at, 'fLaC')) return 'flac';
    return null;
  }
  if (buf.length < 12) return null;
  if (ascii(buf, 0, 'RIFF') && ascii(buf, 8, 'WAVE')) return 'wav';
  if (ascii(buf, 0, 'fLaC')) return 'flac';
  if (ascii(buf, 0, 'OggS')) return 'ogg';
  if (ascii(buf, 4, 'ftyp')) return 'm4a';
  if (isAdts(buf[0]!, buf[1]!)) return 'aac';
  if (isMpegFrame(buf, 0)) return 'mp3';
  return null;
}

/** Top-level QuickTime atoms that may open a .mov written without an ftyp box. */
const QUICKTIME_ATOMS = ['moov', 'mdat', 'wide', 'free', 'skip'];

/** The video container of `buf` by its leading bytes, or null. */
export function sniffVideo(buf: Buffer): VideoKind | null {
  if (buf.length < 12) return null;
  if (ascii(buf, 4, 'ftyp')) return ascii(buf, 8, 'qt  ') ? 'mov' : 'mp4';
  if (buf.readUInt32BE(0) === 0x1a45dfa3) return buf.subarray(0, 64).includes('webm', 0, 'latin1') ? 'webm' : 'mkv';
  if (ascii(buf, 0, 'RIFF') && ascii(buf, 8, 'AVI ')) return 'avi';
  if (QUICKTIME_ATOMS.some((atom) => ascii(buf, 4, atom))) return 'mov';
  return null;
}

/** Every ffmpeg run of the API goes through here: under limits, and a MediaError when they stop it. */
export async function run(ffmpegPath: string, args: string[], limits: FfmpegLimits = AUDIO_LIMITS): Promise<RunResult> {
  const result = await runLimited(ffmpegPath, args, limits);
  if (result.stopped) throw new MediaError(result.stopped, result.stderr.slice(-500));
  return result;
}

/** ffmpeg demuxer per sniffed format: forced, so content cannot pass for another format (e.g. a playlist). */
const DEMUXERS: Record<AudioKind, string> = { mp3: 'mp3', wav: 'wav', flac: 'flac', ogg: 'ogg', m4a: 'mov', aac: 'aac' };

/** Writes `buf` to a temp file and hands `work` the ffmpeg input options for it; always cleans up. */
async function withTempInput<T>(buf: Buffer, ext: string, work: (dir: string, inputArgs: string[]) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'media-'));
  try {
    const input = join(dir, `input.${ext.replace(/[^a-z0-9]/gi, '')}`);
    await writeFile(input, buf);
    const demuxer = Object.hasOwn(DEMUXERS, ext) ? ['-f', DEMUXERS[ext as AudioKind]] : [];
    // One decoder thread: audio decoders gain little from more, and a run's CPU stays bounded.
    return await work(dir, ['-protocol_whitelist', 'file', '-threads', '1', ...demuxer, '-i', input]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const clockSeconds = (h: string, m: string, s: string) => Number(h) * 3600 + Number(m) * 60 + Number(s);

/** Seconds actually decoded (last progress report), else the container's declared Duration. */
function decodedSeconds(result: RunResult): number {
  const reports = [...result.stdout.matchAll(/out_time_us=(\d+)/g)];
  const last = reports.at(-1)?.[1];
  if (last !== undefined && Number(last) > 0) return Number(last) / 1e6;
  const declared = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(result.stderr);
  return declared ? clockSeconds(declared[1]!, declared[2]!, declared[3]!) : 0;
}

/** What decoding the audio tells: its length, and a hash of its samples. */
export type ProbedAudio = {
  durationSeconds: number;
  /**
   * SHA-256 (hex) of the decoded samples as 16-bit PCM at the file's own rate and channels: the
   * same for files that decode alike (a WAV and a FLAC of one recording, an mp3 re-tagged).
   */
  samplesSha256: string;
};

/** Decodes the whole first audio stream; rejects with MediaError unless it is at least 1 s of audio. */
export async function probeAudio(ffmpegPath: string, buf: Buffer, ext: string, limits: FfmpegLimits = AUDIO_LIMITS): Promise<ProbedAudio> {
  return withTempInput(buf, ext, async (dir, inputArgs) => {
    // The hash muxer instead of the null one: the same decode, its samples hashed on the way.
    const hashFile = join(dir, 'samples.sha256');
    const result = await run(ffmpegPath, [...inputArgs, '-vn', '-map', '0:a:0', '-c:a', 'pcm_s16le', '-f', 'hash', '-hash', 'sha256', '-progress', 'pipe:1', '-nostats', '-y', hashFile], limits);
    if (!/Stream #\d+:\d+.*: Audio:/.test(result.stderr)) throw new MediaError('no_audio', 'no audio stream');
    if (result.code !== 0) throw new MediaError('decode_failed', result.stderr.slice(-500));
    const durationSeconds = decodedSeconds(result);
    if (!(durationSeconds >= 1)) throw new MediaError('too_short', `${durationSeconds} s`);
    const samplesSha256 = /^SHA256=([0-9a-f]{64})$/m.exec(await readFile(hashFile, 'latin1'))?.[1];
    if (!samplesSha256) throw new MediaError('decode_failed', 'no samples hash');
    return { durationSeconds, samplesSha256 };
  });
}

/**
 * The first `maxSeconds` of the first audio stream as mono 32-bit float PCM at `sampleRate` (the
 * acoustic fingerprint's input, tracks/fingerprint.ts). 300 s at 5512 Hz is 6.6 MB.
 */
export async function decodeMonoPcm(ffmpegPath: string, buf: Buffer, ext: string, sampleRate: number, maxSeconds: number): Promise<Float32Array> {
  return withTempInput(buf, ext, async (dir, inputArgs) => {
    const output = join(dir, 'mono.f32');
    const result = await run(ffmpegPath, ['-loglevel', 'error', '-y', ...inputArgs, '-t', String(maxSeconds), '-map', '0:a:0', '-vn', '-ac', '1', '-ar', String(sampleRate), '-f', 'f32le', output]);
    if (result.code !== 0) throw new MediaError('decode_failed', result.stderr.slice(-500));
    const data = await readFile(output);
    const samples = new Float32Array(Math.floor(data.byteLength / 4));
    for (let i = 0; i < samples.length; i++) samples[i] = data.readFloatLE(i * 4);
    return samples;
  });
}

/** How a cut is encoded: the clip at full quality, the marketplace preview lower. */
type Mp3Encoding = { bitrate: string; channels: number };

/**
 * `seconds` of the first audio stream from `startSeconds`, as 44.1 kHz mp3 with no tags at all
 * (no ID3, no Xing/LAME header, no cover art, no encoder string), so nothing in the file can
 * name the artist, the title or the tool that made it.
 */
async function cutMp3(ffmpegPath: string, buf: Buffer, ext: string, startSeconds: number, seconds: number, encoding: Mp3Encoding): Promise<Buffer> {
  return withTempInput(buf, ext, async (dir, inputArgs) => {
    const output = join(dir, 'cut.mp3');
    const result = await run(ffmpegPath, [
      '-loglevel', 'error', '-y',
      '-ss', startSeconds.toFixed(3), ...inputArgs, '-t', String(seconds),
      '-map', '0:a:0', '-vn', '-sn', '-dn', '-map_metadata', '-1', '-map_chapters', '-1',
      '-c:a', 'libmp3lame', '-b:a', encoding.bitrate, '-ar', '44100', '-ac', String(encoding.channels),
      '-fflags', '+bitexact', '-flags:a', '+bitexact',
      '-id3v2_version', '0', '-write_id3v1', '0', '-write_xing', '0',
      '-f', 'mp3', output,
    ]); // prettier-ignore
    if (result.code !== 0) throw new MediaError('cut_failed', result.stderr.slice(-500));
    return readFile(output);
  });
}

/** The voting clip: 45 s from `startSeconds`, 128 kbps stereo, tag-free (cutMp3). */
export function cutClip(ffmpegPath: string, buf: Buffer, ext: string, startSeconds: number, seconds: number = CLIP_SECONDS): Promise<Buffer> {
  return cutMp3(ffmpegPath, buf, ext, startSeconds, seconds, { bitrate: '128k', channels: 2 });
}

/**
 * What mp3 framing adds when decoded without a gapless header (none is written): the encoder's
 * delay (1105 samples) and at most one frame of padding (1151), at 44.1 kHz.
 */
const MP3_FRAMING_SECONDS = (1105 + 1151) / 44_100;

/**
 * The marketplace preview: at most 30 s from `startSeconds` (as decoded, framing included),
 * 64 kbps mono, tag-free. Its own file (not the clip, not the original), so a listing never
 * hands out either.
 */
export function cutPreview(ffmpegPath: string, buf: Buffer, ext: string, startSeconds: number): Promise<Buffer> {
  const seconds = Math.floor((PREVIEW_SECONDS - MP3_FRAMING_SECONDS) * 1000) / 1000;
  return cutMp3(ffmpegPath, buf, ext, startSeconds, seconds, { bitrate: '64k', channels: 1 });
}

/** Transcoding a whole track for the station: longer than a cut, and its output is the whole track at 128 kbps. */
const STATION_LIMITS: FfmpegLimits = { timeoutMs: 90_000, cpuSeconds: 90, memoryBytes: 256 * 1024 * 1024, fileBytes: 128 * 1024 * 1024 };

/** A tag value ffmpeg writes as is: no control characters, at most 200 characters. */
const tagValue = (s: string): string => s.replace(/\p{Cc}/gu, ' ').trim().slice(0, 200);

/**
 * The file the radio station plays: the whole first audio stream as mp3, 128 kbps CBR, 44.1 kHz
 * stereo, with only the ID3v2 title and artist, and an album when given (the station's
 * now-playing reads them; an empty one is left out); nothing else of the upload's metadata, cover
 * art or chapters is kept.
 */
export async function encodeForStation(ffmpegPath: string, buf: Buffer, ext: string, tags: { title: string; artist: string; album?: string }): Promise<Buffer> {
  return withTempInput(buf, ext, async (dir, inputArgs) => {
    const output = join(dir, 'station.mp3');
    const result = await run(ffmpegPath, [
      '-loglevel', 'error', '-y', ...inputArgs,
      '-map', '0:a:0', '-vn', '-sn', '-dn', '-map_metadata', '-1', '-map_chapters', '-1',
      '-c:a', 'libmp3lame', '-b:a', '128k', '-ar', '44100', '-ac', '2',
      '-metadata', `title=${tagValue(tags.title)}`, '-metadata', `artist=${tagValue(tags.artist)}`,
      ...(tags.album ? ['-metadata', `album=${tagValue(tags.album)}`] : []),
      '-id3v2_version', '3', '-write_id3v1', '0',
      '-f', 'mp3', output,
    ], STATION_LIMITS); // prettier-ignore
    if (result.code !== 0) throw new MediaError('cut_failed', result.stderr.slice(-500));
    return readFile(output);
  });
}

export type ImageKind = 'png' | 'jpeg' | 'gif' | 'webp';

/** The image format of `buf` by its leading bytes, or null. */
export function sniffImage(buf: Buffer): ImageKind | null {
  if (buf.length < 12) return null;
  if (buf.readUInt32BE(0) === 0x89504e47 && buf.readUInt32BE(4) === 0x0d0a1a0a) return 'png';
  if (buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  if (ascii(buf, 0, 'GIF87a') || ascii(buf, 0, 'GIF89a')) return 'gif';
  if (ascii(buf, 0, 'RIFF') && ascii(buf, 8, 'WEBP')) return 'webp';
  return null;
}
