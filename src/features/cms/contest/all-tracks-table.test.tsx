import { describe, expect, it } from 'vitest';
import type { CmsTrack } from '@common/cms/cms-messages';
import { renderUi, screen, within } from '@/test/render';
import { aCmsTrack } from '@/test/fixtures';
import { AllTracksTable } from './all-tracks-table';

const aTrack = (over: Partial<CmsTrack> = {}): CmsTrack =>
  aCmsTrack({ status: 'approved', audio_url: null, stats: { total_votes: 12, fool_rate: 75, rating: 1712, rating_deviation: 48 }, ...over });

/** The cell of `title`'s row under the column `column`. */
function cell(title: string, column: string): HTMLElement {
  const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
  const row = screen.getAllByRole('row').find((r) => r.textContent?.includes(title))!;
  return within(row).getAllByRole('cell')[headers.indexOf(column)]!;
}

describe('All Contest Songs', () => {
  it("has a Rating column: the track's rating give or take one deviation, beside its votes and fool rate", () => {
    renderUi(<AllTracksTable list={{ tracks: [aTrack()], failed: false }} onChanged={() => undefined} />);
    expect(screen.getByRole('columnheader', { name: 'Rating' })).toBeInTheDocument();
    expect(cell('Night Drive', 'Votes')).toHaveTextContent('12');
    expect(cell('Night Drive', 'Fool rate')).toHaveTextContent('75.0%');
    expect(cell('Night Drive', 'Rating')).toHaveTextContent('1712 ± 48');
  });

  it('a track not rated yet (before its first rollup) shows a dash, read out as "Not rated yet"', () => {
    const fresh = aTrack({ id: 'track-2', title: 'Fresh Upload', status: 'pending', stats: { total_votes: 0, fool_rate: 0, rating: null, rating_deviation: null } });
    renderUi(<AllTracksTable list={{ tracks: [aTrack(), fresh], failed: false }} onChanged={() => undefined} />);
    const rating = cell('Fresh Upload', 'Rating');
    expect(rating).toHaveTextContent('—');
    expect(rating).toHaveTextContent('Not rated yet');
    expect(rating).not.toHaveTextContent('±');
    expect(cell('Night Drive', 'Rating')).toHaveTextContent('1712 ± 48');
  });
});
