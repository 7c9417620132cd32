import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { VoteDoc, VoteInput, VoteSessionView } from '@common/contest/voting';
import { findToast, renderUi } from '@/test/render';
import { Arena } from './arena';
import { submitVote } from './session/submit-vote';

// The data layer's edge: the session's votes as the device stores them, and the local write of a guess.
const votes = vi.hoisted(() => {
  let list: VoteDoc[] = [];
  const listeners = new Set<() => void>();
  return {
    get: () => list,
    set: (next: VoteDoc[]) => {
      list = next;
      for (const l of listeners) l();
    },
    subscribe: (l: () => void) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
});
vi.mock('./session/use-contest-docs', async () => {
  const { useSyncExternalStore } = await import('react');
  return { useSessionVotes: () => useSyncExternalStore(votes.subscribe, votes.get) };
});
vi.mock('./session/submit-vote', () => ({
  submitVote: vi.fn(async (input: VoteInput) => {
    const vote: VoteDoc = { id: `v-${input.clip_id}`, ...input, created_at: new Date().toISOString(), status: 'pending', is_correct: null, reveal: null, rating: null, error: null, updatedAt: 0 };
    votes.set([...votes.get(), vote]);
    return vote;
  }),
}));
// Audio, the clip cache and confetti are the browser's, not the arena's.
vi.mock('./clips/use-clip-cache', () => ({ useClipCache: () => 'ready' }));
vi.mock('./clips/use-clip-player', () => ({ useClipPlayer: () => ({ playing: false, loading: false, failed: false, elapsed: 0, toggle: () => undefined }) }));
vi.mock('./celebrate', () => ({ celebrate: vi.fn() }));
const { celebrate } = await import('./celebrate');

const SESSION: VoteSessionView = {
  id: 'session-1',
  clips: [
    { clip_id: 'clip-a', clip_url: '/clips/a.mp3' },
    { clip_id: 'clip-b', clip_url: '/clips/b.mp3' },
  ],
  is_first_session: true,
  token_cost: 0,
  created_at: '2025-01-01T00:00:00.000Z',
  completed_at: null,
};

/** The server's answer to a pushed vote, as replication brings it back into the same document. */
function scoreVote(clipId: string, songType: 'human' | 'ai' | 'hybrid') {
  act(() =>
    votes.set(
      votes.get().map((v) =>
        v.clip_id === clipId
          ? {
              ...v,
              status: 'scored',
              is_correct: v.guess === songType,
              reveal: { title: 'Night Drive', artist_name: 'Mara Quill', song_type: songType, cover_art_url: null, hybrid_ai_elements: [], hybrid_human_elements: [], hybrid_tools_used: [], creation_story: null, others: { ai: 1, human: 3, hybrid: 0 } },
            }
          : v,
      ),
    ),
  );
}

const guessGroup = () => screen.getByRole('group', { name: 'Your guess' });
const choice = (label: string) => within(guessGroup()).getByRole('button', { name: label });

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => void window.dispatchEvent(new Event(online ? 'online' : 'offline')));
}

afterEach(() => {
  votes.set([]);
  vi.restoreAllMocks();
  vi.mocked(submitVote).mockClear();
  vi.mocked(celebrate).mockClear();
});

describe('the vote arena', () => {
  it('asks for a guess first, sends it, and reveals the track once the server has scored it', async () => {
    const { user } = renderUi(<Arena session={SESSION} onNewSession={() => undefined} />);
    expect(await screen.findByText('Track 1 of 2')).toBeInTheDocument();
    expect(screen.getByTestId('vote-score')).toHaveTextContent('0/0');
    expect(screen.getByRole('img', { name: 'Mystery track' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit Guess' })).toBeDisabled();

    await user.click(choice('Human'));
    expect(choice('Human')).toHaveAttribute('aria-pressed', 'true');
    expect(choice('AI')).toHaveAttribute('aria-pressed', 'false');
    await user.click(screen.getByRole('button', { name: 'Submit Guess' }));

    expect(submitVote).toHaveBeenCalledWith({ session_id: 'session-1', clip_id: 'clip-a', guess: 'human' });
    // Sent, not yet scored: the button says so and the choice is locked.
    expect(screen.getByRole('button', { name: 'Submitting...' })).toHaveAttribute('aria-disabled', 'true');
    expect(choice('AI')).toBeDisabled();

    scoreVote('clip-a', 'human');
    expect(screen.getByTestId('verdict')).toHaveTextContent('Correct! 🎉');
    expect(screen.getByTestId('reveal-title')).toHaveTextContent('Night Drive');
    expect(screen.getByTestId('reveal-artist')).toHaveTextContent('Mara Quill');
    expect(screen.getByTestId('vote-score')).toHaveTextContent('1/1');
    expect(screen.getByText('Based on 4 other votes.')).toBeInTheDocument();
    expect(celebrate).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Next Track' })).toBeEnabled();
  });

  it('a wrong guess names the right type, without confetti, and the arena moves on by itself', async () => {
    const { user } = renderUi(<Arena session={SESSION} onNewSession={() => undefined} />);
    await user.click(await screen.findByRole('button', { name: 'AI' }));
    await user.click(screen.getByRole('button', { name: 'Submit Guess' }));
    vi.useFakeTimers();
    try {
      scoreVote('clip-a', 'hybrid');
      expect(screen.getByTestId('verdict')).toHaveTextContent('Not quite! It was Hybrid.');
      expect(screen.getByTestId('vote-score')).toHaveTextContent('0/1');
      expect(celebrate).not.toHaveBeenCalled();
      await act(() => vi.advanceTimersByTimeAsync(2_000));
      expect(screen.getByText('Track 2 of 2')).toBeInTheDocument();
      expect(choice('AI')).toHaveAttribute('aria-pressed', 'false');
    } finally {
      vi.useRealTimers();
    }
  });

  it('offline, a guess is saved on the device; the last track finishes the competition with the guesses still to score', async () => {
    setOnline(false);
    const { user } = renderUi(<Arena session={SESSION} onNewSession={() => undefined} />);
    await user.click(await screen.findByRole('button', { name: 'Hybrid' }));
    await user.click(screen.getByRole('button', { name: 'Submit Guess' }));
    expect(screen.getByRole('status')).toHaveTextContent('Guess saved, result when you are back online');

    await user.click(screen.getByRole('button', { name: 'Next Track' }));
    expect(screen.getByText('Track 2 of 2')).toBeInTheDocument();
    await user.click(choice('Human'));
    await user.click(screen.getByRole('button', { name: 'Submit Guess' }));
    await user.click(screen.getByRole('button', { name: 'Finish Competition' }));

    expect(screen.getByRole('heading', { name: 'Competition Complete! 🏆' })).toBeInTheDocument();
    expect(screen.getByTestId('final-score')).toHaveTextContent('0/0');
    expect(screen.getByText('2 guesses saved, result when you are back online.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New Session' })).not.toBeInTheDocument();
  });

  it('Previous goes back to a voted track, which keeps its reveal and cannot be voted again', async () => {
    const { user } = renderUi(<Arena session={SESSION} onNewSession={() => undefined} />);
    expect(await screen.findByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(choice('Human'));
    await user.click(screen.getByRole('button', { name: 'Submit Guess' }));
    scoreVote('clip-a', 'human');
    await user.click(screen.getByRole('button', { name: 'Next Track' }));
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.queryByTestId('verdict')).not.toBeInTheDocument();
    await user.click(choice('AI'));
    await user.click(screen.getByRole('button', { name: 'Submit Guess' }));
    scoreVote('clip-b', 'ai');
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByText('Track 1 of 2')).toBeInTheDocument();
    expect(screen.getByTestId('reveal-title')).toHaveTextContent('Night Drive');
    expect(choice('Human')).toHaveAttribute('aria-pressed', 'true');
    expect(choice('Human')).toBeDisabled();
    expect(submitVote).toHaveBeenCalledTimes(2);
  });

  it('a resumed session starts at its first clip without a vote', async () => {
    await submitVote({ session_id: 'session-1', clip_id: 'clip-a', guess: 'ai' });
    renderUi(<Arena session={SESSION} onNewSession={() => undefined} />);
    expect(await screen.findByText('Track 2 of 2')).toBeInTheDocument();
  });

  it('a guess that cannot be stored says so, and can be sent again', async () => {
    vi.mocked(submitVote).mockRejectedValueOnce(new Error('QuotaExceededError'));
    const { user } = renderUi(<Arena session={SESSION} onNewSession={() => undefined} />);
    await user.click(await screen.findByRole('button', { name: 'Human' }));
    await user.click(screen.getByRole('button', { name: 'Submit Guess' }));
    expect(await findToast('Failed to submit vote')).toBeInTheDocument();
    expect(screen.getByText('QuotaExceededError')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit Guess' })).toBeEnabled();
    expect(choice('Human')).toBeEnabled();
  });

  it('a vote the server refused shows why', async () => {
    const { user } = renderUi(<Arena session={SESSION} onNewSession={() => undefined} />);
    await user.click(await screen.findByRole('button', { name: 'Human' }));
    await user.click(screen.getByRole('button', { name: 'Submit Guess' }));
    act(() => votes.set(votes.get().map((v) => ({ ...v, status: 'rejected' as const, error: 'Track is not open for voting' }))));
    expect(screen.getByRole('status')).toHaveTextContent('Failed to submit vote: Track is not open for voting');
  });

  it('the arrow keys move between the three choices', async () => {
    const { user } = renderUi(<Arena session={SESSION} onNewSession={() => undefined} />);
    (await screen.findByRole('button', { name: 'AI' })).focus();
    await user.keyboard('{ArrowRight}');
    expect(choice('Human')).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(choice('AI')).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(choice('Hybrid')).toHaveFocus();
  });
});
