import { Coins } from 'lucide-react';
import type { SubmissionRoute } from '@common/contest/contest';
import { bothRoutesSaving, submissionCost, toggleIn, type RoutePricing } from './submit-rules';
import { tokenCount } from '@common/format';

type Props = {
  routes: SubmissionRoute[];
  onChange: (routes: SubmissionRoute[]) => void;
  pricing: RoutePricing;
  admin: boolean;
  disabled: boolean;
};

const OPTIONS: { route: SubmissionRoute; label: string; hint: string }[] = [
  { route: 'contest', label: 'Contest', hint: 'Blind voting: listeners guess Human, AI or Hybrid.' },
  { route: 'marketplace', label: 'Marketplace', hint: 'A listing others can license.' },
];

/** Contest and/or Marketplace, each with its entry price; both together cost less. */
export function RoutePicker({ routes, onChange, pricing, admin, disabled }: Props) {
  const price = (route: SubmissionRoute) => submissionCost([route], pricing, false);
  const cost = submissionCost(routes, pricing, admin);
  const both = routes.length === 2;
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1.5 text-sm font-medium">Submission route</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {OPTIONS.map((o) => (
          <div key={o.route} className="flex items-start gap-3 rounded-lg border border-zinc-800 bg-zinc-950/40 p-3 has-[:checked]:border-fuchsia-500/70">
            <input
              id={`route-${o.route}`}
              type="checkbox"
              checked={routes.includes(o.route)}
              onChange={() => onChange(toggleIn(routes, o.route))}
              disabled={disabled}
              aria-describedby={`route-${o.route}-price`}
              className="mt-1 size-4 accent-fuchsia-500"
            />
            <div className="min-w-0 flex-1">
              <div className="flex items-baseline justify-between gap-2">
                <label htmlFor={`route-${o.route}`} className="font-medium">
                  {o.label}
                </label>
                <span id={`route-${o.route}-price`} className="text-sm text-amber-200">
                  {tokenCount(price(o.route))}
                </span>
              </div>
              <p className="text-xs text-zinc-400">{o.hint}</p>
            </div>
          </div>
        ))}
      </div>
      <p className="flex flex-wrap items-center gap-x-2 text-sm text-zinc-400" data-testid="submission-cost">
        <Coins className="size-4 text-amber-300" aria-hidden />
        {admin ? (
          <span className="text-emerald-300">Admins submit for free</span>
        ) : routes.length === 0 ? (
          <span>Choose at least one route.</span>
        ) : (
          <span>
            Cost: <strong className="text-zinc-100">{tokenCount(cost)}</strong>
            {both ? ` for both (saves ${bothRoutesSaving(pricing)})` : null}
          </span>
        )}
        {!admin && !both ? <span className="text-zinc-400">Both routes: {submissionCost(['contest', 'marketplace'], pricing, false)} tokens (saves {bothRoutesSaving(pricing)})</span> : null}
      </p>
    </fieldset>
  );
}
