import { describe, expect, it } from 'vitest';
import type { LeaderboardRow, Leaderboards } from '@common/contest/leaderboards';
import { renderUi, screen, within } from '@/test/render';
import { TokenLeaderboards } from './token-leaderboards';

const guesser = (rank: number, over: Partial<LeaderboardRow> = {}): LeaderboardRow => ({
  rank,
  score: 40 - rank,
  user_id: `user-${rank}`,
  username: `listener${rank}`,
  full_name: `Listener ${rank}`,
  avatar_url: null,
  rating: 1800 - rank * 10,
  rating_deviation: 48,
  accuracy: 83.3,
  ...over,
});

const boards = (over: Partial<Leaderboards> = {}): Leaderboards => ({
  top_guessers: [guesser(1, { username: 'nova', full_name: 'Nova', rating: 1712, rating_deviation: 48, accuracy: 83.3, score: 5 })],
  top_fooling_tracks: [
    { rank: 1, score: 9, title: 'Glass Harbor', artist_name: 'Mara Quill', cover_art_url: null, fool_rate: 90, total_votes: 10, rating: 1650, rating_deviation: 120 },
  ],
  top_earners_week: [{ rank: 1, score: 250, username: 'artist', full_name: 'Aria Artist', avatar_url: null }],
  deception: [],
  ...over,
});

const row = (name: string | RegExp) => screen.getAllByRole('listitem').find((li) => li.textContent?.match(name))!;

describe('Token Economy Leaderboards', () => {
  it("Top Guessers: each listener's rating give or take its deviation and the share of right guesses, not a count", () => {
    renderUi(<TokenLeaderboards boards={boards()} failed={false} />);
    const nova = row('@nova');
    expect(within(nova).getByTestId('guesser-rating')).toHaveTextContent('1712 ± 48');
    expect(nova).toHaveTextContent('1712 ± 48 rating');
    expect(nova).toHaveTextContent('83% right');
    expect(nova).not.toHaveTextContent('correct');
  });

  it('Fooling Tracks keeps its count, fool rate and chance note, with the rating beside them', async () => {
    const { user } = renderUi(<TokenLeaderboards boards={boards()} failed={false} />);
    await user.click(screen.getByRole('tab', { name: 'Fooling Tracks' }));
    const track = row('Glass Harbor');
    expect(track).toHaveTextContent('9 fooled');
    expect(track).toHaveTextContent('90.0%');
    expect(within(track).getByTestId('chance')).toHaveTextContent(/chance/);
    expect(track).toHaveTextContent('rating 1650 ± 120');
  });

  it('Weekly Earners is unchanged: the tokens earned, no rating', async () => {
    const { user } = renderUi(<TokenLeaderboards boards={boards()} failed={false} />);
    await user.click(screen.getByRole('tab', { name: 'Weekly Earners' }));
    const earner = row('@artist');
    expect(earner).toHaveTextContent('250 tokens');
    expect(earner).not.toHaveTextContent('±');
  });

  it("Top Guessers shows ten rows; 'Show All n' shows the rest and 'Show Less' hides them again", async () => {
    const many = Array.from({ length: 12 }, (_, i) => guesser(i + 1));
    const { user } = renderUi(<TokenLeaderboards boards={boards({ top_guessers: many })} failed={false} />);
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getAllByRole('listitem')).toHaveLength(10);
    expect(within(panel).getAllByTestId('guesser-rating').map((r) => r.textContent)).toContain('1790 ± 48');
    const more = screen.getByRole('button', { name: 'Show All 12' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    expect(within(panel).getAllByRole('listitem')).toHaveLength(12);
    expect(row('@listener12')).toHaveTextContent('1680 ± 48');
    await user.click(screen.getByRole('button', { name: 'Show Less' }));
    expect(within(panel).getAllByRole('listitem')).toHaveLength(10);
  });
});
