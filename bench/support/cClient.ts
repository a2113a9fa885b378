/**
 * The benches' C load generators (watcherClients.c, signInCrowd.c): each built with the
 * machine's C compiler (`CC`, else `cc`) into a bench's temporary folder, at bench time only,
 * once a binary path per run. Nothing else of Gridmind is native, and nothing here is installed:
 * where no compiler answers, a bench says so and runs its Node clients instead.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

export type CClientBuild = { binary: string } | { binary: null; reason: string };

const builds = new Map<string, Promise<CClientBuild>>();

/** Compiles `source` to `binary`; the binary's path, or null with the reason when it fails. */
export function buildCClient(source: string, binary: string): Promise<CClientBuild> {
  let build = builds.get(binary);
  if (!build) {
    build = promisify(execFile)(process.env.CC ?? 'cc', ['-O2', '-o', binary, source]).then(
      () => ({ binary }),
      (error: unknown) => ({
        binary: null,
        reason: error instanceof Error ? error.message : String(error),
      }),
    );
    builds.set(binary, build);
  }
  return build;
}
