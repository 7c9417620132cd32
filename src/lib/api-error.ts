/** An API failure: the server's message (already the spec's text where one applies). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
  }

  /**
   * The message without the field it is about: the server's validation answers
   * `password: Password must be at least 6 characters` (functions/src/platform/validate.ts). For
   * forms whose messages name their field already.
   */
  get withoutField(): string {
    return this.status === 400 ? this.message.replace(/^[a-z_][a-z0-9_.]*: /, '') : this.message;
  }
}
