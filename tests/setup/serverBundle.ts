/**
 * The server and e2e projects' vitest globalSetup: builds dist/server from the sources as they
 * are now (under a second), so the processes the tests spawn never run a stale server.
 */
import { buildServerBundle } from '#scripts/serverBundle.ts';

export default async function setup(): Promise<void> {
  await buildServerBundle();
}
