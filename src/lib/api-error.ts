/** The field a validation message starts with: `password: …` (functions/src/platform/validate.ts). */
const FIELD_PREFIX = /^([a-z_][a-z0-9_.]*): /;

/** An API failure: the server's message (already the spec's text where one applies). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
  }

  /** The API's error code (`price_changed`, `insufficient_tokens`…), when the body has one. */
  get code(): string | null {
    const code = (this.body as { error?: { code?: unknown } } | null)?.error?.code;
    return typeof code === 'string' ? code : null;
  }

  /** The field a refused input names (`password`, `pricing.daily_drip`), if the message starts with one. */
  get field(): string | null {
    return this.status === 400 ? (FIELD_PREFIX.exec(this.message)?.[1] ?? null) : null;
  }

  /**
   * The message without the field it is about: the server's validation answers
   * `password: Password must be at least 6 characters`. For forms whose messages name their
   * field already, or name it by its label (settings-form.ts).
   */
  get withoutField(): string {
    const field = this.field;
    return field === null ? this.message : this.message.slice(field.length + 2);
  }
}

/** The request never reached the API because the browser is offline: its message says so ("You are offline…"). */
export const isOffline = (err: unknown): err is ApiError => err instanceof ApiError && err.status === 0 && !navigator.onLine;

/** A failure whose own message tells the person what to do: a limit (when to try again), or being offline. */
export const saysWhenToRetry = (err: unknown): err is ApiError => (err instanceof ApiError && err.status === 429) || isOffline(err);

/** The API refused a price the page showed, as it is no longer the price (409 `price_changed`): nothing was charged. */
export const isPriceChanged = (err: unknown): err is ApiError => err instanceof ApiError && err.code === 'price_changed';
