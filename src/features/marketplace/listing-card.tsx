import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Coins, Banknote, Play } from 'lucide-react';
import { IN_CONTEST_BADGE, IN_CONTEST_EXPLANATION, OWN_LISTING, OWN_LISTING_MANAGE, OWNED_LICENCE, OWNED_LICENCE_VIEW } from '@common/marketplace/marketplace-messages';
import type { MarketplaceListing } from '@common/marketplace/listing-doc';
import { SONG_TYPE_LABELS } from '@common/contest/contest';
import { ORDER_MSG } from '@common/marketplace/orders';
import { PATHS } from '@common/paths';
import { buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useMediaElementFocus } from '@/lib/audio-focus';
import { coverVariantUrl } from '@common/contest/covers';
import { formatUsd, tokenCount } from '@common/format';

type Props = {
  listing: MarketplaceListing;
  /** The user's own listing: a link to My Tracks in place of Buy. */
  own: boolean;
  /** A licence the user bought: a link to My Orders in place of Buy. */
  owned: boolean;
  online: boolean;
  onBuy: () => void;
  /** Given to the page's first card: its cover (in view on arrival, the page's largest paint) loads at once, and this runs once it has shown (or there is none). */
  onFirstCover?: () => void;
};

const HELD = {
  own: { to: PATHS.myTracks, label: OWN_LISTING, where: OWN_LISTING_MANAGE },
  owned: { to: PATHS.orders, label: OWNED_LICENCE, where: OWNED_LICENCE_VIEW },
} as const;

/** One listing: cover, track info, fool rate (once voted on; or 'In the contest'), prices, a preview player and Buy (or, on the user's own, a link to My Tracks; on one bought, a link to My Orders). */
export function ListingCard({ listing, own, owned, online, onBuy, onFirstCover }: Props) {
  const eager = onFirstCover !== undefined;
  // The title describes the card's one action (Buy, Your listing or Owned): one per card, told apart by it.
  const titleId = `listing-${listing.id}-title`;
  const hasCover = Boolean(listing.cover_art_url);
  // Held already (their own listing, or a licence they bought): a link to where it is, in place of Buy.
  const held = own ? HELD.own : owned ? HELD.owned : null;
  useEffect(() => {
    if (!hasCover) onFirstCover?.();
  }, [hasCover, onFirstCover]);
  return (
    // Compact on a phone (cover beside the text), the grid's tall card from md up. tabIndex -1: "Load more" moves the focus to the first card it adds.
    <Card as="article" className="flex flex-row overflow-hidden md:flex-col" data-testid="listing-card" aria-label={listing.title} tabIndex={-1}>
      {listing.cover_art_url ? (
        <img
          src={coverVariantUrl(listing.cover_art_url, 512)}
          alt=""
          width={512}
          height={512}
          className="aspect-square w-24 shrink-0 self-start object-cover sm:w-32 md:w-full"
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : 'auto'}
          onLoad={onFirstCover}
          onError={onFirstCover}
        />
      ) : (
        <div className="aspect-square w-24 shrink-0 self-start bg-gradient-to-br from-fuchsia-900 to-violet-900 sm:w-32 md:w-full" aria-hidden />
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-2 p-3 md:gap-3 md:p-5">
        <div>
          <h3 id={titleId} className="text-base font-bold [overflow-wrap:anywhere] md:text-lg">
            {listing.title}
          </h3>
          <p className="text-sm text-zinc-400 [overflow-wrap:anywhere] md:text-base">{listing.artist_name}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2 text-xs">
          <span className="rounded-full bg-zinc-800 px-2 py-1 text-zinc-300">{listing.genre}</span>
          {/* A track still in the contest is listed without its type and fool rate: they would answer a voter's clip. */}
          {listing.in_contest || listing.song_type === null ? (
            <span className="rounded-full bg-amber-500/20 px-2 py-1 font-semibold text-amber-200" title={IN_CONTEST_EXPLANATION} data-testid="in-contest-badge">
              {IN_CONTEST_BADGE}
              <span className="sr-only"> ({IN_CONTEST_EXPLANATION})</span>
            </span>
          ) : (
            <>
              <span className="rounded-full bg-violet-600/30 px-2 py-1 font-semibold text-violet-200">{SONG_TYPE_LABELS[listing.song_type]}</span>
              {listing.fool_rate !== null && <span className="ml-auto text-fuchsia-300">{listing.fool_rate}% fool rate</span>}
            </>
          )}
        </div>
        {listing.preview_url && <PreviewPlayer url={listing.preview_url} title={listing.title} />}
        <div className="mt-auto flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
          {listing.accept_tokens && (
            <span className="flex items-center gap-1 font-semibold">
              <Coins className="size-4 text-amber-400" aria-hidden />
              {tokenCount(listing.price_tokens)}
            </span>
          )}
          {/* Each price only where its method is taken: the dialog offers no dollars without Cash App. */}
          {listing.accept_cash_app && (
            <span className="flex items-center gap-1 font-semibold">
              <Banknote className="size-4 text-emerald-400" aria-hidden />
              {formatUsd(listing.price_usd)}
            </span>
          )}
          {held ? (
            <Link to={held.to} aria-label={`${held.label}: ${held.where}`} aria-describedby={titleId} className={buttonClass('secondary', 'ml-auto px-4 py-2 font-semibold')}>
              {held.label}
            </Link>
          ) : (
            <button
              type="button"
              onClick={onBuy}
              disabled={!online}
              aria-describedby={titleId}
              title={online ? undefined : ORDER_MSG.offline}
              className={buttonClass('primary', 'ml-auto px-4 py-2 font-semibold disabled:cursor-not-allowed disabled:opacity-50')}
            >
              Buy
            </button>
          )}
        </div>
      </div>
    </Card>
  );
}

/**
 * A listing's preview: a button until it is asked for, then the browser's player, playing. The
 * player's controls are costly to lay out (~5-10 ms each here, four times that on a slow phone),
 * and the page would lay out one per card before its first covers show. Both are the player's
 * height, so nothing moves.
 */
function PreviewPlayer({ url, title }: { url: string; title: string }) {
  const focus = useMediaElementFocus();
  const [open, setOpen] = useState(false);
  const player = useRef<HTMLAudioElement>(null);
  // Within the press itself (flushSync): the player is there at once, so it takes the focus from
  // the button it replaces and may start playing (browsers that allow play() only on a gesture).
  const start = () => {
    flushSync(() => setOpen(true));
    player.current?.focus();
    void player.current?.play().catch(() => undefined);
  };
  if (open) return <audio ref={player} controls src={url} className="h-[54px] w-full" aria-label={`Preview of ${title}`} {...focus} />;
  return (
    <button type="button" onClick={start} className={buttonClass('secondary', 'flex h-[54px] w-full items-center justify-center gap-2 font-semibold')}>
      <Play className="size-4" aria-hidden /> Play preview<span className="sr-only"> of {title}</span>
    </button>
  );
}
