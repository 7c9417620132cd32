/**
 * How long ago a moment was, in words, without Intl (common/format.ts says why): 'just now',
 * '1 minute ago', '3 hours ago', '2 days ago'. A moment in the future (a clock ahead) is 'just now'.
 */
export function ageText(at: string | Date, now: number = Date.now()): string {
  const seconds = Math.floor((now - new Date(at).getTime()) / 1000);
  if (!(seconds >= 60)) return 'just now';
  const [n, unit] = seconds < 3600 ? [Math.floor(seconds / 60), 'minute'] : seconds < 86_400 ? [Math.floor(seconds / 3600), 'hour'] : [Math.floor(seconds / 86_400), 'day'];
  return `${n} ${unit}${n === 1 ? '' : 's'} ago`;
}
