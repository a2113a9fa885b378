/** The watchers benchmark's C load generator (watcherClients.c), built by support/cClient.ts. */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildCClient, type CClientBuild } from './support/cClient.ts';

const SOURCE = fileURLToPath(new URL('./watcherClients.c', import.meta.url));

/** Compiles the C client into `dir`; the binary's path, or null with the reason when it fails. */
export function buildNativeClient(dir: string): Promise<CClientBuild> {
  return buildCClient(SOURCE, join(dir, 'watcher-clients'));
}
