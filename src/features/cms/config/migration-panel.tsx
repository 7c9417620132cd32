import { formatCount } from '@common/format';
import { Loader2, Rocket } from 'lucide-react';
import { useEffect, useState } from 'react';
import { MAX_LOCK_DAYS, type MigrationAdminStatus } from '@common/migration/migration';
import { MIGRATION_MSG } from '@common/migration/migration-messages';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Field, INPUT } from '@/components/ui/field';
import { afterWrite } from '@/data/lazy';
import { useApiRead } from '@/hooks/use-api-read';
import * as endpoints from '@/lib/api/endpoints.gen';
import { call } from '@/lib/api/call';
import { notifyError, notifySuccess } from '@/lib/notify';
import { UnresolvedClaims } from './unresolved-claims';

/** Calls the run until it is done; each call processes a few batches and answers the progress. */
async function runToEnd(force: boolean, progress: (s: MigrationAdminStatus) => void): Promise<MigrationAdminStatus> {
  for (;;) {
    const status = await call(endpoints.migration.run, { body: { force } });
    progress(status);
    if (status.run?.state !== 'running') return status;
  }
}

/** The token migration controls (super admins, in the Config tab): threshold, run or force, progress, lock period, unresolved claims. */
export function MigrationPanel() {
  const read = useApiRead((signal) => call(endpoints.migration.status, { signal }), []);
  const [live, setLive] = useState<MigrationAdminStatus | null>(null);
  const [running, setRunning] = useState(false);
  const [confirming, setConfirming] = useState(false);
  /** Runs ended (done or stopped): a run can leave a claim to check, so the list is read again. */
  const [runsEnded, setRunsEnded] = useState(0);
  const [lockDays, setLockDays] = useState('');
  const status = live ?? read.data;
  useEffect(() => {
    if (read.data) setLockDays(String(read.data.lock_days));
  }, [read.data]);

  const run = async (force: boolean) => {
    setConfirming(false);
    setRunning(true);
    try {
      const done = await runToEnd(force, setLive);
      if (done.migration_enabled) notifySuccess(MIGRATION_MSG.runDone);
      void afterWrite(['profiles', 'token_balances']);
    } catch (err) {
      notifyError(MIGRATION_MSG.runFailed, err);
      read.reload();
      setLive(null);
    } finally {
      setRunning(false);
      setRunsEnded((n) => n + 1);
    }
  };
  const saveLock = async () => {
    try {
      await call(endpoints.migration.settings, { body: { lock_days: Number.parseInt(lockDays, 10) || 0 } });
      notifySuccess(MIGRATION_MSG.settingsSaved);
      read.reload();
    } catch (err) {
      notifyError(MIGRATION_MSG.settingsFailed, err);
    }
  };

  if (!status) {
    return (
      <Card className="p-6">
        <h2 className="text-xl font-bold">Token Migration</h2>
        <p className="mt-2 text-zinc-400">{read.error ? MIGRATION_MSG.loadFailed : 'Loading…'}</p>
      </Card>
    );
  }
  const resumable = status.run?.state === 'running';
  const finished = status.migration_enabled && status.pending === 0 && status.migrating === 0;
  const pct = Math.round((status.migrated / Math.max(1, status.user_count)) * 100);
  return (
    <Card className="space-y-4 p-6" aria-labelledby="migration-panel-title">
      <h2 id="migration-panel-title" className="flex items-center gap-2 text-xl font-bold">
        <Rocket className="size-5 text-violet-300" aria-hidden /> Token Migration
      </h2>
      <p className="text-sm text-zinc-300" data-testid="migration-threshold">
        {formatCount(status.user_count)} of {formatCount(status.user_threshold)} users ·{' '}
        {status.threshold_reached ? 'threshold reached' : 'threshold not reached'}
        {status.chain ? ` · chain: ${status.chain}` : ' · no chain configured'}
      </p>
      <div>
        <p className="text-sm" data-testid="migration-progress">
          Migrated {formatCount(status.migrated)} / {formatCount(status.user_count)}
          {status.migrating ? ` (${status.migrating} migrating)` : ''}
        </p>
        <div className="mt-2 h-2 overflow-hidden rounded-full bg-zinc-800" role="progressbar" aria-label="Migration progress" aria-valuenow={pct} aria-valuemin={0} aria-valuemax={100}>
          <div className="h-full bg-gradient-to-r from-violet-500 to-fuchsia-500" style={{ width: `${pct}%` }} />
        </div>
      </div>
      {finished ? (
        <p className="font-semibold text-emerald-300">Migration complete: migration_enabled is on.</p>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button className="px-4 py-2 text-sm font-semibold disabled:opacity-50" disabled={running || (!status.threshold_reached && !resumable)} onClick={() => void run(false)}>
            {running ? <Loader2 className="mr-1 inline size-4 animate-spin" aria-hidden /> : null}
            {resumable ? 'Resume Migration' : 'Run Migration'}
          </Button>
          {!status.threshold_reached && !resumable ? (
            <Button look="secondary" className="px-4 py-2 text-sm font-semibold disabled:opacity-50" disabled={running} onClick={() => setConfirming(true)}>
              Force Run
            </Button>
          ) : null}
        </div>
      )}
      <div className="flex items-end gap-2">
        <Field label="Lock period (days)" hint="Migrated tokens stay locked this long after the run starts." className="max-w-xs">
          <input className={INPUT} inputMode="numeric" type="number" min={0} max={MAX_LOCK_DAYS} value={lockDays} onChange={(e) => setLockDays(e.target.value)} />
        </Field>
        <Button look="secondary" className="px-4 py-2.5 text-sm font-semibold" onClick={() => void saveLock()}>
          Save lock period
        </Button>
      </div>
      <UnresolvedClaims readAgain={runsEnded} />
      <Dialog open={confirming} onOpenChange={setConfirming} className="w-[min(28rem,92vw)] rounded-2xl border border-zinc-800 bg-zinc-950 p-6">
        <DialogTitle className="text-lg font-semibold">Force the migration?</DialogTitle>
        <DialogDescription className="mt-2 text-sm text-zinc-300">{MIGRATION_MSG.forceConfirm}</DialogDescription>
        <div className="mt-4 flex justify-end gap-2">
          <Button look="secondary" className="px-4 py-2 text-sm" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button className="px-4 py-2 text-sm font-semibold" onClick={() => void run(true)}>
            Force Migration
          </Button>
        </div>
      </Dialog>
    </Card>
  );
}
