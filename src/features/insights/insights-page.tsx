import { Link } from '@tanstack/react-router';
import { ChartColumn, Download, WifiOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { Insights } from '@common/contest/insights';
import { voteCount } from '@common/format';
import { PATHS } from '@common/paths';
import { PendingText } from '@/components/pending-text';
import { Card } from '@/components/ui/card';
import { useOnline } from '@/hooks/use-online';
import { ageText } from '@/lib/age-text';
import { InsightsFigures } from './insights-figures';
import { INSIGHTS_TEXT as T } from './insights-texts';
import { INSIGHTS_LINKS, useInsights } from './use-insights';

/** Now, again every minute: the figures' age stays true on an open page. */
function useMinute(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** /insights: what people can hear, for everyone (issue 55). */
export function InsightsPage() {
  const { data, failed } = useInsights();
  return <InsightsView data={data} failed={failed} />;
}

/** The page for given figures (null: not read yet, or `failed`). */
export function InsightsView({ data, failed }: { data: Insights | null; failed: boolean }) {
  const online = useOnline();
  const now = useMinute();
  const age = data?.updated_at ? ageText(data.updated_at, now) : null;
  const empty = data !== null && (data.votes === 0 || data.updated_at === null);
  return (
    // At least a screen tall, and the age's line kept while the figures load: they arrive after the
    // first paint (the prerendered page is their loading state) and must not move what is in view.
    <section className="mx-auto min-h-dvh max-w-6xl px-4 py-12">
      <header>
        <h1 className="text-4xl font-black">{T.heading}</h1>
        <p className="mt-3 max-w-3xl text-zinc-400">{T.lead}</p>
        {data && age ? (
          <p className="mt-2 min-h-5 text-sm text-zinc-400" data-testid="figures-age">
            Figures as of{' '}
            <time dateTime={data.updated_at!} title={data.updated_at!}>
              {age}
            </time>
            , from {voteCount(data.votes)}.
          </p>
        ) : (
          <p className="mt-2 min-h-5" aria-hidden />
        )}
        {data && age && !online ? (
          <p role="status" className="mt-4 flex max-w-xl items-center gap-2 rounded-lg border border-amber-500/40 bg-amber-500/10 p-3 text-sm text-amber-200" data-testid="offline-note">
            <WifiOff className="size-4 shrink-0" aria-hidden />
            <span>{T.offline(age)}</span>
          </p>
        ) : null}
      </header>
      <div className="mt-8">
        {data === null ? (
          <PendingText failed={failed} />
        ) : empty ? (
          <Card className="p-8 text-center" aria-labelledby="insights-empty">
            <ChartColumn className="mx-auto size-10 text-fuchsia-400" aria-hidden />
            <h2 id="insights-empty" className="mt-3 text-2xl font-bold">
              {T.empty}
            </h2>
            <p className="mx-auto mt-2 max-w-md text-zinc-400">{T.emptyText}</p>
            <Link to={PATHS.vote} className="mt-5 inline-block rounded-md bg-fuchsia-700 px-4 py-2 text-sm font-semibold text-white hover:bg-fuchsia-800">
              Start Voting
            </Link>
          </Card>
        ) : (
          <InsightsFigures data={data} />
        )}
      </div>
      {data ? <OpenData data={data} /> : null}
    </section>
  );
}

/** The licence, the method and the downloads. */
function OpenData({ data }: { data: Insights }) {
  return (
    <Card className="mt-6 p-4 sm:p-6" aria-labelledby="open-data">
      <h2 id="open-data" className="text-xl font-bold">
        Open data
      </h2>
      <p className="mt-2 text-sm text-zinc-300" data-testid="licence">
        Licence:{' '}
        <a href={data.licence.url} className="text-fuchsia-400 underline underline-offset-2 hover:text-fuchsia-300" rel="license noopener" target="_blank">
          {data.licence.name}
        </a>
        . {data.licence.attribution}
      </p>
      <h3 className="mt-4 text-sm font-semibold">Method</h3>
      <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-zinc-400">
        {data.method.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap gap-3">
        <a href={INSIGHTS_LINKS.csv} download="insights.csv" className="inline-flex items-center gap-1.5 rounded-md border border-zinc-700 px-3 py-2 text-sm font-medium hover:bg-zinc-800">
          <Download className="size-4" aria-hidden /> Download CSV
        </a>
        <a href={INSIGHTS_LINKS.json} className="inline-flex items-center gap-1.5 rounded-md border border-zinc-700 px-3 py-2 text-sm font-medium hover:bg-zinc-800">
          JSON
        </a>
      </div>
    </Card>
  );
}
