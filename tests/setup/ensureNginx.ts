/**
 * The server project's vitest globalSetup for nginx: as root with apt-get, installs Debian's
 * nginx where it is missing (as the e2e set-up does Chromium), so `npm test` runs the nginx
 * test on a fresh machine; anywhere else that test prints its own skip line.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { type NginxFacts, nginxSetupStep } from './nginxSetupStep.ts';

function onPath(command: string, extra: string[] = []): boolean {
  return [...extra, ...(process.env.PATH ?? '').split(delimiter)]
    .filter((directory) => directory !== '')
    .some((directory) => {
      try {
        accessSync(join(directory, command), constants.X_OK);
        return true;
      } catch {
        return false;
      }
    });
}

function machineFacts(): NginxFacts {
  return {
    // Debian puts it in /usr/sbin, which a non-root PATH may leave out.
    nginxPresent: onPath('nginx', ['/usr/sbin']),
    postgresConfigured: Boolean(process.env.TEST_DATABASE_URL),
    uid: process.getuid?.(),
    aptGetPresent: onPath('apt-get'),
  };
}

/** Vitest's globalSetup hook: runs once, before the first server test file. */
export default function setup(): void {
  const step = nginxSetupStep(machineFacts());
  if (step.kind === 'nothing') return;
  console.log(step.announcement);
  for (const { command, args, env } of step.commands) {
    const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
    if (result.error || result.status !== 0) {
      // Not fatal: the nginx test skips with its line, and the rest of the suite runs.
      console.warn(
        `Installing nginx failed at \`${command} ${args.join(' ')}\`; the nginx test will skip.`,
      );
      return;
    }
  }
}
