import { Link } from '@tanstack/react-router';
import { RadioTower } from 'lucide-react';
import { useId } from 'react';
import { SONG_TYPE_LABELS, type SongType } from '@common/contest/contest';
import { percentagesOf } from '@common/contest/fool-rate';
import { voteCount } from '@common/format';
import { PATHS } from '@common/paths';
import type { RadioStatus } from '@common/radio/radio';
import { RADIO_MSG } from '@common/radio/radio-messages';
import { RadioStatusBadge } from '@/components/radio-badges';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { MyTrack } from '@/lib/my-tracks';
import { ratingText } from '@/lib/rating-text';
import { FeatureListingButton } from './feature-listing-button';
import type { SendFailure } from './use-send-to-radio';
import { coverVariantUrl } from '@common/contest/covers';

const TRACK_STATUS_TONE: Record<MyTrack['status'], string> = {
  pending: 'bg-amber-400/15 text-amber-200 ring-amber-400/40',
  approved: 'bg-emerald-400/15 text-emerald-200 ring-emerald-400/40',
  rejected: 'bg-red-500/15 text-red-200 ring-red-500/40',
};

type Props = {
  track: MyTrack;
  /** The live radio status (from radio_submissions), else the API's, else none. */
  radioStatus: RadioStatus | null;
  /** The send's price as text ('Costs 1000 tokens'), and as a number. */
  cost: string;
  uploadCost: number;
  online: boolean;
  busy: boolean;
  failure: SendFailure;
  onSend: () => void;
  /** The featured listing price; where the track has a basic listing, the row offers to feature it. */
  featureCost: number;
  onFeatured: () => void;
  /** The API refused a price that changed since the page read it. */
  onPriceChanged: () => void;
};

/** The guesses in the order the issue names them (AI / Human / Hybrid). */
const GUESS_ORDER: readonly SongType[] = ['ai', 'human', 'hybrid'];

/** A contest track's votes in detail: how the voters guessed, its rating, and how it did with the better listeners. */
function VoteResults({ track, guesses }: { track: MyTrack; guesses: Record<SongType, number> }) {
  const shares = percentagesOf(guesses);
  const experts = track.experts;
  const labelId = useId();
  return (
    <div className="space-y-1.5 pt-1 text-sm" data-testid="vote-results">
      <p id={labelId} className="text-xs font-semibold text-zinc-400">
        How voters guessed
      </p>
      <ul aria-labelledby={labelId} className="grid max-w-sm grid-cols-3 gap-3">
        {/* AI, Human, Hybrid, as the arena offers them; the right answer is said in words, not only by colour. */}
        {GUESS_ORDER.map((type) => (
          <li key={type} data-testid={`guess-${type}`}>
            <span className="block text-xs text-zinc-400">
              {SONG_TYPE_LABELS[type]}
              {type === track.song_type ? ' (right)' : ''}
            </span>
            <span className="font-semibold text-zinc-100">{shares[type]}%</span>
            <span aria-hidden className="mt-1 block h-1 overflow-hidden rounded-full bg-zinc-800">
              <span className={`block h-full ${type === track.song_type ? 'bg-emerald-400' : 'bg-fuchsia-400'}`} style={{ width: `${shares[type]}%` }} />
            </span>
          </li>
        ))}
      </ul>
      <p className="text-zinc-300" data-testid="track-rating">
        {track.rating ? `Rating ${ratingText(track.rating.rating, track.rating.deviation)}` : 'Rating: not rated yet'}
      </p>
      {experts ? (
        <p className="text-zinc-300" data-testid="expert-votes">
          {experts.votes > 0
            ? `Fooled ${Math.round((experts.fooled * 100) / experts.votes)}% of listeners rated above the median (${voteCount(experts.votes)})`
            : 'No listeners rated above the median have voted on it yet'}
        </p>
      ) : null}
    </div>
  );
}

/** One of the user's tracks: cover, names, status, route, contest results, and the radio. */
export function TrackRow({ track, radioStatus, cost, uploadCost, online, busy, failure, onSend, featureCost, onFeatured, onPriceChanged }: Props) {
  const contest = track.submission_type === 'contest';
  return (
    <li className="flex flex-wrap items-center gap-4 rounded-xl border border-zinc-800 bg-zinc-950/40 p-4" aria-label={track.title} data-testid="my-track">
      {track.cover_art_url ? (
        <img src={coverVariantUrl(track.cover_art_url, 64)} alt="" width={64} height={64} loading="lazy" className="size-16 shrink-0 rounded-lg object-cover" />
      ) : (
        <span aria-hidden className="size-16 shrink-0 rounded-lg bg-gradient-to-br from-fuchsia-900 to-violet-900" />
      )}
      {/* At least 12rem for the names and results: on a phone the actions move to a line of their own. */}
      <div className="min-w-48 flex-1 space-y-1.5">
        <h3 className="truncate text-lg font-semibold">{track.title}</h3>
        <p className="truncate text-sm text-zinc-400">{track.artist_name}</p>
        <div className="flex flex-wrap items-center gap-2 text-xs">
          <Badge className={`capitalize ring-1 ${TRACK_STATUS_TONE[track.status]}`}>{track.status}</Badge>
          <span className="rounded-full bg-zinc-800 px-2 py-0.5 text-zinc-200">{contest ? 'Contest' : 'Marketplace'}</span>
          <span className="text-zinc-400">{SONG_TYPE_LABELS[track.song_type]}</span>
          {contest && track.status === 'approved' ? (
            <span className="text-zinc-300">
              {/* No fool rate before the first vote: "0.0%" would read as a result. */}
              {track.total_votes ? `${voteCount(track.total_votes)} · ${(track.fool_rate ?? 0).toFixed(1)}% fool rate` : 'No votes yet'}
            </span>
          ) : null}
        </div>
        {contest && track.total_votes && track.guesses ? <VoteResults track={track} guesses={track.guesses} /> : null}
      </div>
      {track.listing?.listing_type === 'basic' ? (
        <FeatureListingButton listingId={track.listing.id} title={track.title} cost={featureCost} online={online} onDone={onFeatured} onPriceChanged={onPriceChanged} />
      ) : track.listing ? (
        <Badge className="bg-amber-400/15 text-amber-200 ring-1 ring-amber-400/40">Featured</Badge>
      ) : null}
      {radioStatus ? (
        <RadioStatusBadge status={radioStatus} prefix="Radio: " />
      ) : track.status === 'approved' ? (
        <div className="flex flex-col items-end gap-1 text-right">
          <Button onClick={onSend} disabled={busy || !online} className="inline-flex items-center gap-1.5 px-4 py-2 text-sm font-semibold disabled:opacity-50">
            <RadioTower className="size-4" aria-hidden /> {busy ? RADIO_MSG.sending : RADIO_MSG.sendToRadio}
          </Button>
          <span className="text-xs text-zinc-400">{cost}</span>
        </div>
      ) : null}
      {failure === 'shortage' ? (
        <p role="alert" className="basis-full text-sm text-red-200">
          {RADIO_MSG.tokenShortage(uploadCost)}{' '}
          <Link to={PATHS.pricing} className="font-semibold text-fuchsia-300 underline underline-offset-2">
            {RADIO_MSG.goToPricing}
          </Link>
        </p>
      ) : failure === 'queued' ? (
        <p role="status" className="basis-full text-sm text-amber-200">
          {RADIO_MSG.alreadyQueued}
        </p>
      ) : null}
    </li>
  );
}
