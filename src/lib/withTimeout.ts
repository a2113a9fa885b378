import { GridmindError } from '#core/errors.ts';

/** The error a timed-out wait rejects with. */
export class TimeoutError extends GridmindError {
  override readonly name = 'TimeoutError';
}

/** Races a promise against a timer; the timer is cleared whichever wins. */
export function withTimeout<T>(
  promise: Promise<T>,
  timeoutMs: number,
  message: string,
  timers: Pick<typeof globalThis, 'setTimeout' | 'clearTimeout'> = globalThis,
): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = timers.setTimeout(() => reject(new TimeoutError(message)), timeoutMs);
  });
  return Promise.race([promise, timeout]).finally(() => timers.clearTimeout(timer));
}
