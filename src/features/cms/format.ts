import { formatCount } from '@common/format';
import { SONG_TYPE_LABELS, type SongType, type SubmissionRoute } from '@common/contest/contest';

export const songTypeLabel = (t: SongType) => SONG_TYPE_LABELS[t];
export const routeLabel = (r: SubmissionRoute) => (r === 'contest' ? 'Contest' : 'Marketplace');
export const dateLabel = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString();
};
/** "cover-07" from "/placeholders/cover-07.jpg". */
export const coverName = (url: string) => /([^/]+)\.jpg$/.exec(url)?.[1] ?? url;
/** A stat card's 7-day change: '+12 this week', '-3 this week', '0 this week'. */
export const weekChange = (n: number): string => `${n > 0 ? '+' : ''}${formatCount(n)} this week`;
