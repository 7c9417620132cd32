import { Link } from '@tanstack/react-router';
import type { Howl } from 'howler';
import { Loader2, Pause, Play, Radio, Volume2, VolumeX } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { MYSTERY_INVITE } from '@common/radio/radio-messages';
import { useAudioFocus } from '@/lib/audio-focus';
import { onFocusChange, radioMetadata } from './focus-pause';
import { useRadio } from './radio-store';
import { STATION } from './station';

/** The bar's own lines beyond the spec (its failures are shown, not toasted). */
const RADIO_BAR = {
  failed: 'Could not reach the radio',
  unreachable: 'Station unreachable',
  /** AzuraCast's own words for a station that is off air (its now-playing says is_online: false). */
  offline: 'Station Offline',
} as const;
import { useNowPlaying } from './use-now-playing';

/** How long a play request may wait for the stream's sound before the bar gives up. */
const CONNECT_TIMEOUT_MS = 20_000;

const hasMediaSession = () => typeof navigator !== 'undefined' && 'mediaSession' in navigator && typeof MediaMetadata !== 'undefined';

/** The site-wide live radio: a fixed bottom bar on every route. Failures are only logged. */
export function RadioPlayer() {
  const { playing, muted, volume, setPlaying, toggleMuted, setVolume } = useRadio();
  const { song, unreachable } = useNowPlaying();
  const howl = useRef<Howl | null>(null);
  const clipFocus = useAudioFocus((s) => s.holders.length > 0);
  const resumeAfter = useRef(false);
  // From the play request until the stream's sound starts (a live stream can take seconds).
  const [connecting, setConnecting] = useState(false);
  // The last play request failed (the stream refused, or no sound within CONNECT_TIMEOUT_MS); until the next, or until the station answers again.
  const [failed, setFailed] = useState(false);
  const waiting = playing && connecting;
  // The station answering again ends a failure told while it could not be reached (React's
  // "adjusting state when a prop changes": during render, not in an effect).
  const [wasUnreachable, setWasUnreachable] = useState(unreachable);
  if (wasUnreachable !== unreachable) {
    setWasUnreachable(unreachable);
    if (!unreachable) setFailed(false);
  }

  // A clip playing elsewhere pauses the radio; it resumes afterwards if it was playing.
  useEffect(() => {
    const step = onFocusChange(clipFocus, useRadio.getState().playing, resumeAfter.current);
    resumeAfter.current = step.resumeAfter;
    if (step.setPlaying !== null) setPlaying(step.setPlaying);
  }, [clipFocus, setPlaying]);

  // The OS media controls show the radio while it plays, never over a clip's own session.
  useEffect(() => {
    if (clipFocus || !playing || !hasMediaSession()) return;
    navigator.mediaSession.metadata = new MediaMetadata(radioMetadata(song?.offline ? null : song));
    navigator.mediaSession.playbackState = 'playing';
    navigator.mediaSession.setActionHandler('play', () => setPlaying(true));
    navigator.mediaSession.setActionHandler('pause', () => setPlaying(false));
    return () => {
      if (useAudioFocus.getState().holders.length > 0) return;
      navigator.mediaSession.metadata = null;
      navigator.mediaSession.playbackState = 'none';
      navigator.mediaSession.setActionHandler('play', null);
      navigator.mediaSession.setActionHandler('pause', null);
    };
  }, [clipFocus, playing, song, setPlaying]);

  const toggle = () => {
    resumeAfter.current = false;
    setFailed(false);
    setPlaying(!playing);
  };

  useEffect(() => {
    const streamUrl = STATION.streamUrl;
    if (!playing || !streamUrl) {
      // A live stream must reconnect live, not resume a stale buffer.
      howl.current?.unload();
      howl.current = null;
      return;
    }
    let sound: Howl | null = null;
    let cancelled = false;
    const giveUp = (why: string, err?: unknown) => {
      console.warn(why, err);
      setConnecting(false);
      setFailed(true);
      setPlaying(false);
    };
    // A stream that takes the connection and sends nothing would leave the bar connecting for ever.
    const timeout = setTimeout(() => giveUp(`radio stream silent for ${CONNECT_TIMEOUT_MS / 1000} s`), CONNECT_TIMEOUT_MS);
    // howler loads on first play: most visitors never press it.
    void import('howler').then(({ Howl }) => {
      if (cancelled) return;
      sound = new Howl({
        src: [streamUrl],
        html5: true,
        format: ['mp3'],
        autoplay: false,
        volume: useRadio.getState().volume / 100,
        mute: useRadio.getState().muted,
        onplay: () => {
          clearTimeout(timeout);
          setConnecting(false);
        },
        onloaderror: (_id, err) => giveUp('radio load failed', err),
        onplayerror: (_id, err) => giveUp('radio playback failed', err),
      });
      howl.current = sound;
      setConnecting(true);
      sound.play();
    });
    return () => {
      cancelled = true;
      clearTimeout(timeout);
      sound?.unload();
      if (howl.current === sound) howl.current = null;
    };
  }, [playing, setPlaying]);

  useEffect(() => {
    howl.current?.volume(volume / 100);
    howl.current?.mute(muted);
  }, [volume, muted, playing]);

  const offline = Boolean(song?.offline);
  const title = offline ? 'Fool Rate Radio' : (song?.title ?? 'Fool Rate Radio');
  const subtitle = waiting
    ? 'Connecting…'
    : failed
      ? RADIO_BAR.failed
      : unreachable
        ? RADIO_BAR.unreachable
        : offline
          ? RADIO_BAR.offline
          : song?.artist || (STATION.streamUrl ? 'Live stream' : 'Off air');
  // A contest track on air has no name (the station calls it Mystery track): the line under it invites to vote.
  const invite = Boolean(song?.mystery) && !waiting && !failed && !unreachable;
  return (
    <div className="fixed inset-x-0 bottom-0 z-40 h-16 border-t border-zinc-800 bg-zinc-900/95 backdrop-blur" role="region" aria-label="Radio player">
      <div className="mx-auto flex h-full max-w-6xl items-center gap-3 px-4">
        <button
          type="button"
          onClick={toggle}
          disabled={!STATION.streamUrl}
          aria-label={playing ? 'Pause radio' : 'Play radio'}
          className="grid size-10 shrink-0 place-items-center rounded-full bg-fuchsia-700 text-white hover:bg-fuchsia-800 disabled:opacity-50"
        >
          {waiting ? <Loader2 className="size-5 animate-spin" aria-hidden /> : playing ? <Pause className="size-5" /> : <Play className="ml-0.5 size-5" />}
        </button>
        {unreachable || failed || offline ? null : (
          <span className="hidden items-center gap-1 rounded bg-red-700 text-white px-1.5 py-0.5 text-[10px] font-bold tracking-wider sm:inline-flex" data-testid="radio-live">
            <Radio className="size-3" aria-hidden /> LIVE
          </span>
        )}
        <div className="min-w-0 flex-1">
          {/* One line each, cut with an ellipsis on a narrow bar: the whole text shows on hover (screen readers read it whole). */}
          <p className="truncate text-sm font-semibold" data-testid="radio-title" title={title}>
            {title}
          </p>
          {invite ? (
            <p className="truncate text-xs" data-testid="radio-artist">
              <Link to="/vote" className="text-fuchsia-300 underline underline-offset-2 hover:text-fuchsia-200" data-testid="radio-vote">
                {MYSTERY_INVITE}
              </Link>
            </p>
          ) : (
            <p className="truncate text-xs text-zinc-400" data-testid="radio-artist" title={subtitle}>
              {subtitle}
            </p>
          )}
          {/* Said once when the sound starts: until then the bar reads Connecting… */}
          <span className="sr-only" role="status">
            {waiting ? 'Connecting to the radio…' : failed ? RADIO_BAR.failed : playing ? (muted ? 'Radio playing, muted' : 'Radio playing') : ''}
          </span>
        </div>
        {/* Playing muted (as the bar starts) is silence: say so where the unmute button is. */}
        {playing && muted && !waiting ? (
          <span aria-hidden className="shrink-0 text-xs font-semibold text-amber-300" data-testid="radio-muted">
            Muted
          </span>
        ) : null}
        <button
          type="button"
          onClick={toggleMuted}
          aria-label={muted ? 'Unmute radio' : 'Mute radio'}
          className="grid size-9 shrink-0 place-items-center rounded-md hover:bg-zinc-800"
        >
          {muted ? <VolumeX className="size-5" /> : <Volume2 className="size-5" />}
        </button>
        <input
          type="range"
          min={0}
          max={100}
          value={volume}
          onChange={(e) => setVolume(Number(e.target.value))}
          aria-label="Volume"
          // On phones too (the spec's bar has it), narrower: the title keeps the room.
          className="h-8 w-20 shrink-0 accent-fuchsia-500 sm:w-28"
        />
      </div>
    </div>
  );
}
