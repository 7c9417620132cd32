import { createHash } from 'node:crypto';

/**
 * A track's audio by content, so that separate uploads of one song are known as one
 * (marketplace/audio-twins.ts): `sha256:` of the original file's bytes, and `pcm:` of its
 * decoded samples (probeAudio's `samplesSha256`), which files that decode alike share (a WAV and
 * a FLAC of one recording, an mp3 re-tagged). A re-encoding (another bitrate or codec) shares
 * neither. The samples' key is left out when the original does not decode (backfill only).
 */
export function audioKeys(original: Buffer, samplesSha256: string | null): string[] {
  const bytes = `sha256:${createHash('sha256').update(original).digest('hex')}`;
  return samplesSha256 ? [bytes, `pcm:${samplesSha256}`] : [bytes];
}
