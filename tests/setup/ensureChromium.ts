/**
 * The e2e project's vitest globalSetup: makes sure Debian's Chromium is where the tests launch it
 * before any test starts, so `npm ci && npm test` is the whole set-up on a machine with only
 * Node. As root with apt-get it installs the package; anywhere else it stops with the command.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { CHROMIUM_LAUNCH_OPTIONS } from '#tests/e2e/support/browser.ts';
import { type ChromiumFacts, chromiumSetupStep, type SetupCommand } from './chromiumSetupStep.ts';

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(command: string): boolean {
  return (process.env.PATH ?? '')
    .split(delimiter)
    .some((directory) => directory !== '' && isExecutable(join(directory, command)));
}

/**
 * The machine's facts for `executablePath` (the launcher's own unless a caller checks another
 * path, as when trying the missing-Chromium paths on a machine that has it).
 */
export function machineFacts(
  executablePath: string = CHROMIUM_LAUNCH_OPTIONS.executablePath,
): ChromiumFacts {
  return {
    executablePath,
    executablePresent: isExecutable(executablePath),
    uid: process.getuid?.(),
    aptGetPresent: onPath('apt-get'),
  };
}

/** A set-up failure whose message is the whole story, for the user rather than a stack trace. */
class ChromiumSetupError extends Error {
  override name = 'ChromiumSetupError';
}

function run({ command, args, env }: SetupCommand): void {
  const shown = [
    ...Object.entries(env).map(([name, value]) => `${name}=${value}`),
    command,
    ...args,
  ].join(' ');
  console.log(`$ ${shown}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.error || result.status !== 0) {
    const outcome = result.error?.message ?? `exit status ${result.status ?? result.signal}`;
    throw new ChromiumSetupError(
      `Installing Chromium failed at \`${shown}\` (${outcome}); install Debian's chromium package and run the tests again.`,
    );
  }
}

/** Gets Chromium in place for `facts`, or throws the one sentence that says what to do. */
function ensureChromium(facts: ChromiumFacts): void {
  const step = chromiumSetupStep(facts);
  if (step.kind === 'ready') return;
  if (step.kind === 'stop') throw new ChromiumSetupError(step.message);
  console.log(step.announcement);
  for (const command of step.commands) run(command);
  if (!isExecutable(facts.executablePath)) {
    throw new ChromiumSetupError(
      `apt-get installed chromium but ${facts.executablePath} is still missing; the end-to-end tests launch Chromium from there.`,
    );
  }
}

/**
 * Gets Chromium in place for `facts`, or ends the run before any test with one sentence on stderr
 * and exit status 1.
 */
export function ensureChromiumOrExit(facts: ChromiumFacts = machineFacts()): void {
  try {
    ensureChromium(facts);
  } catch (error) {
    if (!(error instanceof ChromiumSetupError)) throw error;
    // Thrown, vitest would wrap the sentence in "No test files found" and its include globs;
    // the sentence alone says what to do.
    console.error(error.message);
    process.exit(1);
  }
}

/** Vitest's globalSetup hook for the e2e project: runs once, before the first e2e test file. */
export default function setup(): void {
  ensureChromiumOrExit();
}
