/**
 * Preloaded into the server by the load, soak and watchers benchmarks (`--import`): answers each
 * IPC message with the process's memory, after a full garbage collection when `--expose-gc` is
 * on, so the heap figure is what is still reachable rather than what the collector has not got
 * to yet.
 */
process.on('message', (message) => {
  if (message !== 'memory') return;
  const collect = (globalThis as { gc?: () => void }).gc;
  collect?.();
  const { rss, heapUsed, heapTotal, external } = process.memoryUsage();
  process.send?.({ rss, heapUsed, heapTotal, external });
});
// The IPC channel must not keep the server alive after SIGTERM closed everything else.
process.channel?.unref();
