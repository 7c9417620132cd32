import type { InsightCell, Insights } from '@common/contest/insights';
import { RATING_BAND_LABELS } from '@common/contest/insights';
import { SONG_TYPE_LABELS, SONG_TYPES, type SongType } from '@common/contest/contest';
import { BarChart, type Bar } from '@/components/ui/charts/bar-chart';
import { ChartFigure } from '@/components/ui/charts/chart-parts';
import { HeatTable } from '@/components/ui/charts/heat-table';
import { LineChart, type Series } from '@/components/ui/charts/line-chart';
import { percentText, type Share } from '@/components/ui/charts/share';
import { EXPERIENCE_LABELS, INSIGHTS_TEXT as T, weekLabels } from './insights-texts';

const share = (cell: InsightCell): Share => (cell ? { percent: cell.accuracy, part: cell.right, whole: cell.votes } : null);

type Line = 'all' | SongType;
const LINES: Array<Series<Line>> = [
  { key: 'all', label: 'All votes', stroke: 'stroke-zinc-100', width: 2.5 },
  { key: 'human', label: SONG_TYPE_LABELS.human, stroke: 'stroke-sky-400' },
  { key: 'ai', label: SONG_TYPE_LABELS.ai, stroke: 'stroke-fuchsia-400', dash: '6 3' },
  { key: 'hybrid', label: SONG_TYPE_LABELS.hybrid, stroke: 'stroke-amber-400', dash: '2 3' },
];

/** The five figures of the insights, each with its table. */
export function InsightsFigures({ data }: { data: Insights }) {
  const withheld = T.withheld(data.min_votes);
  const bars = <B extends string>(rows: Array<{ key: B; cell: InsightCell }>, label: (key: B) => string): Bar[] => rows.map((r) => ({ label: label(r.key), share: share(r.cell) }));
  return (
    <div className="grid grid-cols-1 gap-6">
      <ChartFigure
        id="matrix"
        title={T.matrix.title}
        caption={T.matrix.caption}
        note={
          <p className="mt-2 text-sm text-zinc-300" data-testid="insights-rule">
            {T.rule}
          </p>
        }
      >
        <div className="lg:max-w-2xl">
          <HeatTable
            label="Guesses by the track's true type, percent of each row"
            corner="True type \ Guess"
            columns={SONG_TYPES.map((t) => SONG_TYPE_LABELS[t])}
            rows={SONG_TYPES.map((t) => {
              const row = data.matrix[t];
              return { label: SONG_TYPE_LABELS[t], counts: row ? { total: row.votes, cells: SONG_TYPES.map((g) => row.guesses[g]) } : null };
            })}
            chance={data.chance}
            withheld={withheld}
          />
          <p className="mt-3 text-xs text-zinc-400">{T.matrix.chance(percentText(data.chance))}</p>
        </div>
      </ChartFigure>
      <ChartFigure id="weekly" title={T.weekly.title} caption={T.weekly.caption}>
        <LineChart
          series={LINES}
          points={data.weekly.map((w) => ({ ...weekLabels(w.week), values: { all: share(w.all), human: share(w.human), ai: share(w.ai), hybrid: share(w.hybrid) } }))}
          chance={data.chance}
          withheld={withheld}
          label="Right guesses per week"
          xHeader="Week"
        />
      </ChartFigure>
      <ChartFigure id="genres" title={T.genres.title} caption={T.genres.caption}>
        <BarChart
          bars={bars(
            data.genres.map((g) => ({ key: g.genre, cell: g.cell })),
            (g) => g,
          )}
          chance={data.chance}
          withheld={withheld}
          label="Right guesses by genre"
          groupHeader="Genre"
        />
      </ChartFigure>
      <ChartFigure id="experience" title={T.experience.title} caption={T.experience.caption}>
        <BarChart
          bars={bars(
            data.experience.map((e) => ({ key: e.band, cell: e.cell })),
            (b) => EXPERIENCE_LABELS[b],
          )}
          chance={data.chance}
          withheld={withheld}
          label="Right guesses by the listener's experience"
          groupHeader="Experience"
        />
      </ChartFigure>
      <ChartFigure id="ratings" title={T.ratings.title} caption={T.ratings.caption}>
        <BarChart
          bars={bars(
            data.rating_bands.map((r) => ({ key: r.band, cell: r.cell })),
            (b) => RATING_BAND_LABELS[b],
          )}
          chance={data.chance}
          withheld={withheld}
          label="Right guesses by the listener's rating"
          groupHeader="Listener rating"
        />
      </ChartFigure>
    </div>
  );
}
