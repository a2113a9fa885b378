import { describe, expect, it } from 'vitest';
import { type ChromiumFacts, chromiumSetupStep } from './chromiumSetupStep.ts';

const missingAsRoot: ChromiumFacts = {
  executablePath: '/usr/bin/chromium',
  executablePresent: false,
  uid: 0,
  aptGetPresent: true,
};

describe('what the e2e set-up does about Chromium', () => {
  it('does nothing when Chromium is there, whoever runs the tests', () => {
    for (const uid of [0, 1000, undefined]) {
      for (const aptGetPresent of [true, false]) {
        expect(
          chromiumSetupStep({ ...missingAsRoot, executablePresent: true, uid, aptGetPresent }),
        ).toEqual({ kind: 'ready' });
      }
    }
  });

  it('as root with apt-get: apt-get update, then a non-interactive install of chromium', () => {
    const step = chromiumSetupStep(missingAsRoot);
    expect(step).toEqual({
      kind: 'install',
      announcement: expect.stringContaining('Chromium is missing at /usr/bin/chromium: installing'),
      commands: [
        { command: 'apt-get', args: ['update'], env: {} },
        {
          command: 'apt-get',
          args: ['install', '-y', 'chromium'],
          env: { DEBIAN_FRONTEND: 'noninteractive' },
        },
      ],
    });
  });

  it('otherwise stops with one sentence naming the command to run', () => {
    for (const facts of [
      { ...missingAsRoot, uid: 1000 },
      { ...missingAsRoot, uid: undefined },
      { ...missingAsRoot, aptGetPresent: false },
      { ...missingAsRoot, uid: 1000, aptGetPresent: false },
    ]) {
      const step = chromiumSetupStep(facts);
      expect(step.kind).toBe('stop');
      const message = step.kind === 'stop' ? step.message : '';
      expect(message).toContain('`sudo apt-get install -y chromium`');
      expect(message).toContain('/usr/bin/chromium');
      // One sentence: a single full stop, at the end.
      expect(message.match(/\.(\s|$)/g)).toEqual(['.']);
    }
  });

  it('names the path it was given, not a fixed one', () => {
    const step = chromiumSetupStep({ ...missingAsRoot, executablePath: '/opt/nowhere/chromium' });
    expect(step.kind === 'install' && step.announcement).toContain('/opt/nowhere/chromium');
  });
});
