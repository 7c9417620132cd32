import { Download } from 'lucide-react';
import { useState } from 'react';
import { CSV_EXPORT_FILES, EXPORT_MSG, type CsvExportFile } from '@common/cms/cms-export';
import { Button, buttonClass } from '@/components/ui/button';
import { Dialog, DialogCloseX, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Field, INPUT } from '@/components/ui/field';
import * as endpoints from '@/lib/api/endpoints.gen';
import { call } from '@/lib/api/call';
import { downloadBlob } from '@/lib/download';
import { notifyError } from '@/lib/notify';

const LABELS: Record<CsvExportFile, string> = { users: 'Users', tracks: 'Tracks with stats', ledger: 'Token ledger', orders: 'Orders' };

/** GET /api/cms/export/{file}.csv as the admin, saved as a file. */
async function exportCsv(file: CsvExportFile, range: { from: string; to: string }): Promise<void> {
  const blob = await call(endpoints.cms.exportCsv, { params: { file: `${file}.csv` }, query: file === 'ledger' ? range : {} });
  downloadBlob(blob, `${file}-${new Date().toISOString().slice(0, 10)}.csv`);
}

/** The Export Reports dialog: one download per report, the ledger for a date range. */
export function ExportReportsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [range, setRange] = useState({ from: '', to: '' });
  const [busy, setBusy] = useState<CsvExportFile | null>(null);
  const run = async (file: CsvExportFile) => {
    setBusy(file);
    try {
      await exportCsv(file, range);
    } catch (err) {
      notifyError(EXPORT_MSG.failed, err);
    } finally {
      setBusy(null);
    }
  };
  const button = (file: CsvExportFile) => (
    <Button key={file} look="secondary" className="inline-flex items-center gap-2 px-4 py-2 hover:bg-zinc-800 disabled:opacity-50" disabled={busy !== null} onClick={() => void run(file)}>
      <Download className="size-4" aria-hidden /> {LABELS[file]} CSV
    </Button>
  );
  return (
    <Dialog open={open} onOpenChange={onOpenChange} className="w-[min(32rem,92vw)] rounded-2xl border border-zinc-800 bg-zinc-950 p-6">
      <div className="flex items-start justify-between gap-4">
        <DialogTitle className="text-xl font-bold">{EXPORT_MSG.title}</DialogTitle>
        <DialogCloseX />
      </div>
      <DialogDescription className="mt-1 text-sm text-zinc-400">Download CSV files for a spreadsheet.</DialogDescription>
      <div className="mt-4 flex flex-wrap gap-2">{CSV_EXPORT_FILES.filter((f) => f !== 'ledger').map(button)}</div>
      <fieldset className="mt-6 space-y-3">
        <legend className="text-sm font-semibold text-zinc-300">Token ledger of a date range</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label="From" compact>
            <input type="date" className={INPUT} value={range.from} onChange={(e) => setRange((r) => ({ ...r, from: e.target.value }))} />
          </Field>
          <Field label="To" compact>
            <input type="date" className={INPUT} value={range.to} onChange={(e) => setRange((r) => ({ ...r, to: e.target.value }))} />
          </Field>
        </div>
        {button('ledger')}
      </fieldset>
      <div className="mt-6 text-right">
        <button type="button" className={buttonClass('secondary', 'px-4 py-2 hover:bg-zinc-800')} onClick={() => onOpenChange(false)}>
          Done
        </button>
      </div>
    </Dialog>
  );
}
