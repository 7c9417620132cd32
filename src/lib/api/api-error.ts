/** The field a validation message starts with: `password: …` (functions/src/platform/http/validate.ts). */
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

  /**
   * The field a refused input is about (`password`, `pricing.daily_drip`): the body's
   * `error.field` (a refusal that is not a validation's, e.g. a taken email), or the field a
   * validation message starts with.
   */
  get field(): string | null {
    const named = (this.body as { error?: { field?: unknown } } | null)?.error?.field;
    if (typeof named === 'string') return named;
    return this.prefix?.[1] ?? null;
  }

  /**
   * The message without the field it starts with: the server's validation answers
   * `password: Password must be at least 6 characters`. For forms whose messages name their
   * field already, or name it by its label (settings-form.ts).
   */
  get withoutField(): string {
    const prefix = this.prefix;
    return prefix ? this.message.slice(prefix[0].length) : this.message;
  }

  private get prefix(): RegExpExecArray | null {
    return this.status === 400 ? FIELD_PREFIX.exec(this.message) : null;
  }
}

/** The request never reached the API because the browser is offline: its message says so ("You are offline…"). */
export const isOffline = (err: unknown): err is ApiError => err instanceof ApiError && err.status === 0 && !navigator.onLine;

/** A failure whose own message tells the person what to do: a limit (when to try again), or being offline. */
export const saysWhenToRetry = (err: unknown): err is ApiError => (err instanceof ApiError && err.status === 429) || isOffline(err);

/** The API refused a price the page showed, as it is no longer the price (409 `price_changed`): nothing was charged. */
export const isPriceChanged = (err: unknown): err is ApiError => err instanceof ApiError && err.code === 'price_changed';
