/** What `work` resolves to, or `fallback` if `ms` pass first; the timer is cleared either way. */
export async function within<T, F>(work: Promise<T>, ms: number, fallback: F): Promise<T | F> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<F>((resolve) => (timer = setTimeout(() => resolve(fallback), ms)));
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
