/** A small before/after value in words: roles as a list, a balance as its number, anything else as JSON. */
export function auditValue(v: unknown): string {
  if (v === null || v === undefined) return '—';
  if (typeof v !== 'object') return String(v);
  const entries = Object.entries(v as Record<string, unknown>);
  if (entries.length === 1) {
    const [, only] = entries[0]!;
    if (Array.isArray(only)) return only.join(', ');
    if (typeof only !== 'object' || only === null) return String(only);
  }
  return JSON.stringify(v);
}
