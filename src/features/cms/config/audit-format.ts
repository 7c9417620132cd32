/** A small value in words: a list as its items, anything larger than a value as JSON. */
export function auditValue(v: unknown): string {
  if (v === null || v === undefined) return '—';
  if (Array.isArray(v)) return v.join(', ');
  if (typeof v !== 'object') return String(v);
  return JSON.stringify(v);
}

/** Changes whose one field the action already names (Role granted, Tokens adjusted): the values alone. */
const SELF_EVIDENT = new Set(['roles', 'balance']);

const asRecord = (v: unknown): Record<string, unknown> | null => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null);

/**
 * An audit entry's change, one line per field it touched: `pricing.daily_drip: 1 → 2` (a config
 * save records the fields it changed by dotted path), or just `50 → 100` for a balance or roles.
 */
export function auditLines(before: unknown, after: unknown): string[] {
  const [b, a] = [asRecord(before), asRecord(after)];
  const keys = [...new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})])];
  if (keys.length === 0) return [`${auditValue(before)} → ${auditValue(after)}`];
  if (keys.length === 1 && SELF_EVIDENT.has(keys[0]!)) return [`${auditValue(b?.[keys[0]!])} → ${auditValue(a?.[keys[0]!])}`];
  // A field the same on both sides is context (the track a moderation is about): shown once.
  return keys.map((k) => {
    const [was, now] = [auditValue(b?.[k]), auditValue(a?.[k])];
    return was === now ? `${k}: ${now}` : `${k}: ${was} → ${now}`;
  });
}
