/** Resolves on the event loop's next turn, after the callbacks already queued for this one. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Shares database reads among concurrent callers with the same key: a crowd of watchers
 * (re)connecting or notified at once costs one read, not one each.
 *
 * A caller never joins a read that had already begun when it called: it reads because something
 * was committed (a move, a result, a bet), and a read begun before that commit may not see it,
 * which would leave its stream waiting for an event that already came. So a read begins on the
 * event loop's next turn, shared by every caller until then (a fan-out calls from one turn), and
 * a caller arriving while it runs gets the next one, begun once it settles.
 */
export function coalesce<Args extends unknown[], T>(
  read: (...args: Args) => Promise<T>,
  keyOf: (...args: Args) => string,
): (...args: Args) => Promise<T> {
  const running = new Map<string, Promise<T>>();
  const queued = new Map<string, Promise<T>>();
  const begin = (key: string, args: Args): Promise<T> => {
    queued.delete(key);
    const promise = read(...args).finally(() => {
      if (running.get(key) === promise) running.delete(key);
    });
    running.set(key, promise);
    return promise;
  };
  return (...args) => {
    const key = keyOf(...args);
    let next = queued.get(key);
    if (!next) {
      const current = running.get(key);
      const after = () => begin(key, args);
      next = current ? current.then(after, after) : nextTurn().then(after);
      queued.set(key, next);
    }
    return next;
  };
}
