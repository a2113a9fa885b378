/**
 * The one base error of Gridmind. A short message for people, an optional cause for logs, and a
 * name per subclass so handlers can tell kinds apart without instanceof across realms.
 */
export class GridmindError extends Error {
  override readonly name: string = 'GridmindError';
  /** The sentence a user may see; `message` may carry more detail for logs. */
  readonly shortMessage: string;

  constructor(shortMessage: string, options: { cause?: unknown; details?: string } = {}) {
    super(options.details ? `${shortMessage}\n\nDetails: ${options.details}` : shortMessage, {
      cause: options.cause,
    });
    this.shortMessage = shortMessage;
  }
}

/** Input that broke a rule: shown to the user as it is. */
export class ValidationError extends GridmindError {
  override readonly name = 'ValidationError';
}
