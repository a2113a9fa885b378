/**
 * Shares one in-flight call among concurrent callers with the same key: a crowd of watchers
 * (re)connecting at once costs one database read, not one each.
 */
export function coalesce<Args extends unknown[], T>(
  read: (...args: Args) => Promise<T>,
  keyOf: (...args: Args) => string,
): (...args: Args) => Promise<T> {
  const pending = new Map<string, Promise<T>>();
  return (...args) => {
    const key = keyOf(...args);
    let promise = pending.get(key);
    if (!promise) {
      promise = read(...args).finally(() => pending.delete(key));
      pending.set(key, promise);
    }
    return promise;
  };
}
