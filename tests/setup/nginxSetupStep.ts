/**
 * What the server suite's set-up does about nginx, decided from facts about the machine alone,
 * so the decision is unit-tested and tests/setup/ensureNginx.ts only does the I/O. Only
 * server/nginxTwoProcesses.test.ts needs nginx, and only on PostgreSQL; without nginx it skips
 * with one line of its own, so a missing nginx never stops a run.
 */
import type { SetupCommand } from './chromiumSetupStep.ts';

/** The machine as the set-up finds it. */
export interface NginxFacts {
  readonly nginxPresent: boolean;
  /** Whether TEST_DATABASE_URL is set: without PostgreSQL the nginx test skips anyway. */
  readonly postgresConfigured: boolean;
  /** The user id the tests run as; undefined where the platform has none (Windows). */
  readonly uid: number | undefined;
  readonly aptGetPresent: boolean;
}

/** Nothing to do (nginx is there, or the test will skip), or install it with these commands. */
export type NginxSetupStep =
  | { readonly kind: 'nothing' }
  | { readonly kind: 'install'; readonly announcement: string; readonly commands: SetupCommand[] };

const ROOT_UID = 0;

/** Decides whether the server suite installs Debian's nginx before its tests. */
export function nginxSetupStep(facts: NginxFacts): NginxSetupStep {
  if (facts.nginxPresent || !facts.postgresConfigured) return { kind: 'nothing' };
  // Installing needs root and apt-get; anywhere else the nginx test prints its skip line.
  if (facts.uid !== ROOT_UID || !facts.aptGetPresent) return { kind: 'nothing' };
  return {
    kind: 'install',
    announcement:
      "nginx is missing: installing Debian's package (apt-get update, then apt-get install -y nginx) for the nginx server test.",
    commands: [
      { command: 'apt-get', args: ['update'], env: {} },
      {
        command: 'apt-get',
        args: ['install', '-y', 'nginx'],
        env: { DEBIAN_FRONTEND: 'noninteractive' },
      },
      // Where the package started the system's service on port 80, stop it: the test runs an
      // nginx of its own on a free port, and nothing else was using this one (it was missing).
      {
        command: 'sh',
        args: ['-c', 'invoke-rc.d nginx stop >/dev/null 2>&1 || true'],
        env: {},
      },
    ],
  };
}
