/**
 * What the end-to-end suite's set-up does about Chromium, decided from facts about the machine
 * alone, so that the decision is unit-tested and tests/setup/ensureChromium.ts only does the I/O.
 */

/** The machine as the set-up finds it. */
export interface ChromiumFacts {
  /** Where the e2e tests launch Chromium (Debian's package puts it at /usr/bin/chromium). */
  readonly executablePath: string;
  readonly executablePresent: boolean;
  /** The user id the tests run as; undefined where the platform has none (Windows). */
  readonly uid: number | undefined;
  readonly aptGetPresent: boolean;
}

/** One command the set-up runs, with the environment variables it adds. */
export interface SetupCommand {
  readonly command: string;
  readonly args: readonly string[];
  readonly env: Readonly<Record<string, string>>;
}

/** Nothing to do; install Chromium with these commands; or stop before any test with a message. */
export type ChromiumSetupStep =
  | { readonly kind: 'ready' }
  | { readonly kind: 'install'; readonly announcement: string; readonly commands: SetupCommand[] }
  | { readonly kind: 'stop'; readonly message: string };

const ROOT_UID = 0;

/** Decides how the e2e suite gets its Chromium: there already, installed by us as root, or not at all. */
export function chromiumSetupStep(facts: ChromiumFacts): ChromiumSetupStep {
  if (facts.executablePresent) return { kind: 'ready' };
  if (facts.uid === ROOT_UID && facts.aptGetPresent) {
    return {
      kind: 'install',
      announcement: `Chromium is missing at ${facts.executablePath}: installing Debian's package (apt-get update, then apt-get install -y chromium) before the end-to-end tests.`,
      commands: [
        { command: 'apt-get', args: ['update'], env: {} },
        // No question may wait for an answer: the tests run unattended.
        {
          command: 'apt-get',
          args: ['install', '-y', 'chromium'],
          env: { DEBIAN_FRONTEND: 'noninteractive' },
        },
      ],
    };
  }
  // Installing needs root and apt-get; anything else is the user's decision, not the tests'.
  return {
    kind: 'stop',
    message: `The end-to-end tests need Debian's Chromium at ${facts.executablePath}: run \`sudo apt-get install -y chromium\`, then run the tests again.`,
  };
}
