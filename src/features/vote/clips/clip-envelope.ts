/** The player's clock: the shared m:ss rule. */
export { formatClock } from '@common/contest/clip';

/** The audio format from a clip URL's extension (the source may be a blob URL without one). */
export function clipFormat(url: string): string {
  return /\.([a-z0-9]{2,4})$/i.exec(new URL(url, 'http://x').pathname)?.[1]?.toLowerCase() ?? 'mp3';
}
