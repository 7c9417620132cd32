import { Link } from '@tanstack/react-router';
import { AlertTriangle, Loader2, RefreshCw, ShieldX } from 'lucide-react';
import { CMS_MSG } from '@common/cms-messages';
import { PATHS } from '@common/paths';
import type { CmsAccess } from './use-cms-access';

const card = 'mx-auto mt-16 max-w-lg rounded-2xl border border-zinc-800 bg-zinc-900/60 p-6';
const primary = 'inline-flex items-center gap-2 rounded-lg bg-gradient-to-r from-fuchsia-600 to-violet-600 px-4 py-2 font-semibold';
const secondary = 'inline-flex items-center gap-2 rounded-lg border border-zinc-700 px-4 py-2 font-semibold hover:bg-zinc-800';
const yesNo = (b: boolean) => (b ? 'yes' : 'no');
const rolesText = (roles: readonly string[] | null) => (roles && roles.length > 0 ? roles.join(', ') : 'none');

export function CmsLoading() {
  return (
    <div role="status" className="flex flex-col items-center gap-3 py-24 text-zinc-400">
      <Loader2 className="size-10 animate-spin text-fuchsia-400" aria-hidden />
      <p>{CMS_MSG.loading}</p>
    </div>
  );
}

function Account({ email }: { email: string | null }) {
  return (
    <p className="text-sm text-zinc-300">
      Signed in as <span className="font-medium text-zinc-100">{email ?? 'an account without an email'}</span>
    </p>
  );
}

/** Shown when loading lasts longer than 6 s: what is known, and two ways out. */
export function CmsTrouble({ access, onRetry }: { access: CmsAccess; onRetry: () => void }) {
  return (
    <section className={card} aria-labelledby="cms-trouble">
      <AlertTriangle className="size-10 text-amber-400" aria-hidden />
      <h1 id="cms-trouble" className="mt-3 text-2xl font-bold">{CMS_MSG.trouble}</h1>
      <div className="mt-4 space-y-1">
        <Account email={access.email} />
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm text-zinc-400">
          <dt>Auth loading:</dt>
          <dd>{yesNo(access.authLoading)}</dd>
          <dt>Roles loading:</dt>
          <dd>{yesNo(access.rolesLoading)}</dd>
          <dt>Roles:</dt>
          <dd>{rolesText(access.roles)}</dd>
          {access.error ? (
            <>
              <dt>Error:</dt>
              <dd className="text-red-300">{access.error}</dd>
            </>
          ) : null}
        </dl>
      </div>
      <div className="mt-6 flex flex-wrap gap-3">
        <button type="button" className={primary} onClick={onRetry}>
          <RefreshCw className="size-4" aria-hidden /> Try Again
        </button>
        <button type="button" className={secondary} onClick={() => window.location.reload()}>
          Hard Refresh
        </button>
      </div>
    </section>
  );
}

/** A signed-in user who is neither admin nor super admin. */
export function CmsDenied({ access, onRecheck }: { access: CmsAccess; onRecheck: () => void }) {
  return (
    <section className={card} aria-labelledby="cms-denied">
      <ShieldX className="size-10 text-red-400" aria-hidden />
      <h1 id="cms-denied" className="mt-3 text-2xl font-bold">{CMS_MSG.noAccess}</h1>
      <div className="mt-4 space-y-1">
        <Account email={access.email} />
        <p className="text-sm text-zinc-400">{CMS_MSG.requiredRole}</p>
        <p className="text-sm text-zinc-400">Your roles: {rolesText(access.roles)}</p>
      </div>
      <div className="mt-6 flex flex-wrap gap-3">
        <button type="button" className={primary} onClick={onRecheck}>
          <RefreshCw className="size-4" aria-hidden /> Re-check access
        </button>
        <Link to={PATHS.home} className={secondary}>
          Go Home
        </Link>
      </div>
    </section>
  );
}
