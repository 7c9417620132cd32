import { describe, expect, it } from 'vitest';
import type { MyTrack } from '@/lib/my-tracks';
import { renderUi, screen, within } from '@/test/render';
import { TrackRow } from './track-row';

const aTrack = (over: Partial<MyTrack> = {}): MyTrack => ({
  id: 'track-1',
  title: 'Glass Harbor',
  artist_name: 'Mara Quill',
  status: 'approved',
  submission_type: 'contest',
  song_type: 'human',
  cover_art_url: null,
  created_at: '2025-01-01T00:00:00.000Z',
  total_votes: 10,
  fool_rate: 70,
  guesses: { ai: 4, human: 3, hybrid: 3 },
  rating: { rating: 1712, deviation: 48 },
  experts: { votes: 5, fooled: 3 },
  radio_status: null,
  listing: null,
  ...over,
});

const renderRow = (track: MyTrack) =>
  renderUi(
    <ul>
      <TrackRow
        track={track}
        radioStatus="pending"
        cost="Costs 1000 tokens"
        uploadCost={1000}
        online
        busy={false}
        failure={null}
        onSend={() => undefined}
        featureCost={50}
        onFeatured={() => undefined}
        onPriceChanged={() => undefined}
      />
    </ul>,
  );

const row = (title = 'Glass Harbor') => screen.getByRole('listitem', { name: title });
const guessList = () => screen.getByRole('list', { name: 'How voters guessed' });

describe('My Tracks: a contest track with votes', () => {
  it('shows how the voters guessed, AI / Human / Hybrid in percent adding up to 100, the right answer said in words', () => {
    renderRow(aTrack());
    const shares = within(guessList()).getAllByRole('listitem').map((li) => li.textContent);
    expect(shares).toEqual(['AI40%', 'Human (right)30%', 'Hybrid30%']);
    expect(row()).toHaveTextContent('10 votes · 70.0% fool rate');
  });

  it('equal guesses read as equal shares', () => {
    renderRow(aTrack({ guesses: { ai: 1, human: 1, hybrid: 1 }, total_votes: 3 }));
    expect(within(guessList()).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['AI33%', 'Human (right)33%', 'Hybrid33%']);
  });

  it('shows its rating give or take one deviation, and how often it fooled the listeners rated above the median', () => {
    renderRow(aTrack());
    expect(within(row()).getByTestId('track-rating')).toHaveTextContent('Rating 1712 ± 48');
    expect(within(row()).getByTestId('expert-votes')).toHaveTextContent('Fooled 60% of listeners rated above the median (5 votes)');
  });

  it('says when no listener rated above the median voted yet, and when the track is not rated yet', () => {
    renderRow(aTrack({ total_votes: 1, guesses: { ai: 1, human: 0, hybrid: 0 }, rating: null, experts: { votes: 0, fooled: 0 } }));
    expect(within(guessList()).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['AI100%', 'Human (right)0%', 'Hybrid0%']);
    expect(within(row()).getByTestId('track-rating')).toHaveTextContent('Rating: not rated yet');
    expect(within(row()).getByTestId('expert-votes')).toHaveTextContent('No listeners rated above the median have voted on it yet');
    expect(row()).not.toHaveTextContent('±');
  });

  it('one vote from a listener rated above the median is "1 vote"', () => {
    renderRow(aTrack({ experts: { votes: 1, fooled: 0 } }));
    expect(within(row()).getByTestId('expert-votes')).toHaveTextContent('Fooled 0% of listeners rated above the median (1 vote)');
  });

  it('no split before the first vote, nor for a marketplace track', () => {
    const { unmount } = renderRow(aTrack({ total_votes: 0, fool_rate: 0, guesses: { ai: 0, human: 0, hybrid: 0 }, rating: null, experts: { votes: 0, fooled: 0 } }));
    expect(row()).toHaveTextContent('No votes yet');
    expect(screen.queryByTestId('vote-results')).not.toBeInTheDocument();
    unmount();
    renderRow(aTrack({ submission_type: 'marketplace', total_votes: null, fool_rate: null, guesses: null, rating: null, experts: null }));
    expect(screen.queryByTestId('vote-results')).not.toBeInTheDocument();
    expect(row()).not.toHaveTextContent('fool rate');
  });
});
