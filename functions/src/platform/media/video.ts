import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { inTempDir, VIDEO_LIMITS } from './ffmpeg';
import { MediaError, run, type VideoKind } from './media';

/**
 * The optional submission video is stored remuxed, never as sent: its streams are copied
 * (no re-encoding, so it is fast and lossless) into a fresh container of the same kind. What
 * the upload carried besides one video and one audio stream does not survive: metadata
 * (title, encoder, GPS position in a phone's udta box), chapters, subtitles, data tracks,
 * attachments, and anything appended after the container.
 */

const DEMUXERS: Record<VideoKind, string> = { mp4: 'mov', mov: 'mov', webm: 'matroska', mkv: 'matroska', avi: 'avi' };
const MUXERS: Record<VideoKind, string> = { mp4: 'mp4', mov: 'mov', webm: 'webm', mkv: 'matroska', avi: 'avi' };

/** `buf` (already sniffed as `kind`) remuxed; rejects with MediaError when it has no video stream or does not read. */
export async function remuxVideo(ffmpegPath: string, buf: Buffer, kind: VideoKind): Promise<Buffer> {
  return inTempDir(buf, `input.${kind}`, async (dir, input) => {
    const output = join(dir, `clean.${kind}`);
    const faststart = kind === 'mp4' || kind === 'mov' ? ['-movflags', '+faststart'] : []; // playable while it downloads
    const result = await run(
      ffmpegPath,
      [
        '-loglevel', 'error', '-y',
        '-f', DEMUXERS[kind], '-protocol_whitelist', 'file', '-i', input,
        '-map', '0:V:0', '-map', '0:a:0?', '-c', 'copy',
        '-map_metadata', '-1', '-map_chapters', '-1', '-fflags', '+bitexact',
        ...faststart, '-f', MUXERS[kind], output,
      ],
      VIDEO_LIMITS,
    ); // prettier-ignore
    if (result.code !== 0) throw new MediaError('decode_failed', result.stderr.slice(-500));
    return readFile(output);
  });
}
