/**
 * The watchers benchmark's C load generator (watcherClients.c): built with the machine's C
 * compiler into the bench's temporary folder, at bench time only. Nothing else of Gridmind is
 * native, and nothing here is installed: where no compiler answers, the bench says so and runs
 * the Node clients instead.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const SOURCE = fileURLToPath(new URL('./watcherClients.c', import.meta.url));

/** Compiles the C client into `dir`; the binary's path, or null with the reason when it fails. */
export async function buildNativeClient(
  dir: string,
): Promise<{ binary: string } | { binary: null; reason: string }> {
  const binary = join(dir, 'watcher-clients');
  try {
    await promisify(execFile)(process.env.CC ?? 'cc', ['-O2', '-o', binary, SOURCE]);
    return { binary };
  } catch (error) {
    return { binary: null, reason: error instanceof Error ? error.message : String(error) };
  }
}
