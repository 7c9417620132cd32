/** The upload's progress as a bar with a percent. */
export function UploadProgress({ fraction }: { fraction: number }) {
  const percent = Math.round(Math.min(1, Math.max(0, fraction)) * 100);
  return (
    <div className="space-y-1.5">
      <div className="flex justify-between text-sm">
        <span id="upload-progress-label" className="text-zinc-300">
          {percent < 100 ? 'Uploading…' : 'Processing…'}
        </span>
        <span className="tabular-nums text-zinc-400">{percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-labelledby="upload-progress-label"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 overflow-hidden rounded-full bg-zinc-800"
      >
        <div className="h-full rounded-full bg-gradient-to-r from-fuchsia-700 to-violet-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
