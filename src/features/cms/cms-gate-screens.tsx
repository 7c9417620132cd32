import { Link } from '@tanstack/react-router';
import { AlertTriangle, Loader2, RefreshCw, ShieldX } from 'lucide-react';
import type { ReactNode } from 'react';
import { CMS_MSG } from '@common/cms/cms-messages';
import { PATHS } from '@common/paths';
import { Button, buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import type { CmsAccess } from './use-cms-access';

const primary = 'inline-flex items-center gap-2 px-4 py-2 font-semibold';
const secondary = 'inline-flex items-center gap-2 px-4 py-2 font-semibold hover:bg-zinc-800';
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

/** A gate screen: icon, heading, what is known, and the ways out. */
function GateScreen({ id, icon, title, children, actions }: { id: string; icon: ReactNode; title: string; children: ReactNode; actions: ReactNode }) {
  return (
    <Card className="mx-auto mt-16 max-w-lg p-6" aria-labelledby={id}>
      {icon}
      <h1 id={id} className="mt-3 text-2xl font-bold">
        {title}
      </h1>
      <div className="mt-4 space-y-1">{children}</div>
      <div className="mt-6 flex flex-wrap gap-3">{actions}</div>
    </Card>
  );
}

/** Shown when loading lasts longer than 6 s: what is known, and two ways out. */
export function CmsTrouble({ access, onRetry }: { access: CmsAccess; onRetry: () => void }) {
  return (
    <GateScreen
      id="cms-trouble"
      icon={<AlertTriangle className="size-10 text-amber-400" aria-hidden />}
      title={CMS_MSG.trouble}
      actions={
        <>
          <Button className={primary} onClick={onRetry}>
            <RefreshCw className="size-4" aria-hidden /> Try Again
          </Button>
          <Button look="secondary" className={secondary} onClick={() => window.location.reload()}>
            Hard Refresh
          </Button>
        </>
      }
    >
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
    </GateScreen>
  );
}

/** A signed-in user who is neither admin nor super admin. */
export function CmsDenied({ access, onRecheck }: { access: CmsAccess; onRecheck: () => void }) {
  return (
    <GateScreen
      id="cms-denied"
      icon={<ShieldX className="size-10 text-red-400" aria-hidden />}
      title={CMS_MSG.noAccess}
      actions={
        <>
          <Button className={primary} onClick={onRecheck}>
            <RefreshCw className="size-4" aria-hidden /> Re-check access
          </Button>
          <Link to={PATHS.home} className={buttonClass('secondary', secondary)}>
            Go Home
          </Link>
        </>
      }
    >
      <Account email={access.email} />
      <p className="text-sm text-zinc-400">{CMS_MSG.requiredRole}</p>
      <p className="text-sm text-zinc-400">Your roles: {rolesText(access.roles)}</p>
    </GateScreen>
  );
}
