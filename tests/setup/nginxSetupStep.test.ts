import { describe, expect, it } from 'vitest';
import { type NginxFacts, nginxSetupStep } from './nginxSetupStep.ts';

const missingAsRoot: NginxFacts = {
  nginxPresent: false,
  postgresConfigured: true,
  uid: 0,
  aptGetPresent: true,
};

describe('what the server set-up does about nginx', () => {
  it('as root with apt-get and PostgreSQL configured: installs nginx and stops its service', () => {
    const step = nginxSetupStep(missingAsRoot);
    expect(step).toEqual({
      kind: 'install',
      announcement: expect.stringContaining('nginx is missing: installing'),
      commands: [
        { command: 'apt-get', args: ['update'], env: {} },
        {
          command: 'apt-get',
          args: ['install', '-y', 'nginx'],
          env: { DEBIAN_FRONTEND: 'noninteractive' },
        },
        { command: 'sh', args: ['-c', expect.stringContaining('invoke-rc.d nginx stop')], env: {} },
      ],
    });
  });

  it('does nothing when nginx is there, when the nginx test skips anyway, or when it may not install', () => {
    for (const facts of [
      { ...missingAsRoot, nginxPresent: true },
      { ...missingAsRoot, postgresConfigured: false },
      { ...missingAsRoot, uid: 1000 },
      { ...missingAsRoot, uid: undefined },
      { ...missingAsRoot, aptGetPresent: false },
    ]) {
      expect(nginxSetupStep(facts), JSON.stringify(facts)).toEqual({ kind: 'nothing' });
    }
  });
});
