/** m:ss for a player's clock. */
export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** The audio format from a clip URL's extension (the source may be a blob URL without one). */
export function clipFormat(url: string): string {
  return /\.([a-z0-9]{2,4})$/i.exec(new URL(url, 'http://x').pathname)?.[1]?.toLowerCase() ?? 'mp3';
}
