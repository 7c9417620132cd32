/**
 * A module loaded on first use rather than when the function loads: adapters most requests never
 * use (Solana, SFTP, PDF, SMTP, Stripe) stay out of every instance's cold start
 * (docs/decisions.md, Cold start: adapters load on first use). Write `lazy(() => import('pkg'))`
 * and keep the types with `import type`: esbuild then evaluates the bundled module, or requires
 * the external package, only when the returned function is first awaited. A failed load is
 * forgotten, so the next use tries again.
 */
export function lazy<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | null = null;
  return () =>
    (loaded ??= load().catch((err: unknown) => {
      loaded = null;
      throw err;
    }));
}
