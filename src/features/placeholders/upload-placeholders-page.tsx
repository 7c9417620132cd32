import { CheckCircle2, ImageUp, Loader2, ShieldX, XCircle } from 'lucide-react';
import { useState } from 'react';
import { PLACEHOLDER_MSG } from '@common/cms/placeholders';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useRoles } from '@/hooks/use-account';
import { notifyError, notifySuccess } from '@/lib/notify';
import { uploadAllPlaceholders, type UploadStep } from './upload-placeholders';
import { outcomeToast, type ImageResult } from './upload-toast';

/** /upload-placeholders (admins): stores the 26 placeholder covers and moves the tracks onto them. */
export function UploadPlaceholdersPage() {
  const { admin, loaded } = useRoles();
  const [busy, setBusy] = useState(false);
  const [current, setCurrent] = useState<UploadStep>(0);
  const [results, setResults] = useState<ImageResult[]>([]);

  if (!loaded) {
    return (
      <div role="status" className="flex justify-center py-24 text-zinc-400">
        <Loader2 className="size-8 animate-spin" aria-hidden />
      </div>
    );
  }
  if (!admin) {
    return (
      <Card className="mx-auto mt-16 max-w-lg p-6" aria-labelledby="placeholders-denied">
        <ShieldX className="size-10 text-red-400" aria-hidden />
        <h1 id="placeholders-denied" className="mt-3 text-2xl font-bold">You don’t have access to this page</h1>
        <p className="mt-2 text-sm text-zinc-400">Required role: admin</p>
      </Card>
    );
  }

  const start = async () => {
    setBusy(true);
    setResults([]);
    try {
      const outcome = await uploadAllPlaceholders((n, sofar) => {
        setCurrent(n);
        setResults([...sofar]);
      });
      setResults(outcome.results);
      const toast = outcomeToast(outcome);
      if (toast.kind === 'success') notifySuccess(toast.title, toast.description);
      else notifyError(toast.title, toast.description);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <Card className="p-6" aria-labelledby="placeholders-title">
        <h1 id="placeholders-title" className="flex items-center gap-2 text-2xl font-bold">
          <ImageUp className="size-6 text-fuchsia-400" aria-hidden /> Placeholder covers
        </h1>
        <p className="mt-2 text-sm text-zinc-400">
          Stores the 26 placeholder cover images, then points every track still using a local placeholder at the stored image.
        </p>
        <Button className="mt-4 inline-flex items-center gap-2 px-4 py-2 font-semibold disabled:opacity-50" disabled={busy} onClick={() => void start()}>
          {busy ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
          Upload All Placeholders
        </Button>
        {busy ? (
          <p role="status" className="mt-3 text-sm text-zinc-300">
            {current === 'tracks' ? PLACEHOLDER_MSG.movingTracks : PLACEHOLDER_MSG.progress(current)}
          </p>
        ) : null}
        {results.length ? (
          <ul className="mt-4 grid gap-1 text-sm" aria-label="Upload results">
            {results.map((r) => (
              <li key={r.filename} className="flex items-center gap-2">
                {r.ok ? <CheckCircle2 className="size-4 text-emerald-400" aria-label="success" /> : <XCircle className="size-4 text-red-400" aria-label="error" />}
                <span className="font-mono">{r.filename}</span>
                <span className={r.ok ? 'text-emerald-300' : 'text-red-300'}>{r.ok ? 'Uploaded' : r.error}</span>
              </li>
            ))}
          </ul>
        ) : null}
      </Card>
    </div>
  );
}
