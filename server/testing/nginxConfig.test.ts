import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { nginxConfigFor } from './nginxConfig.ts';

const shipped = readFileSync(new URL('../../deploy/nginx.conf', import.meta.url), 'utf8');
const site = {
  listenPort: 18080,
  upstreamPorts: [18081, 18082, 18083],
  prefixDir: '/tmp/site',
  clientRoot: '/tmp/site/client',
};

describe('deploy/nginx.conf as the nginx test runs it', () => {
  it('changes only where it listens, its upstream ports, its paths and the client root', () => {
    const generated = nginxConfigFor(shipped, site);
    expect(generated).toContain('listen 127.0.0.1:18080;\n');
    expect(generated).not.toMatch(/listen (80|\[::\]:80);/);
    // Every run of the shipped upstreams (the processes, their backups, the streams') holds the
    // test's ports, once each.
    for (const parameters of ['max_fails=2 fail_timeout=2s', 'max_fails=0 backup', 'max_fails=0']) {
      const run = site.upstreamPorts.map((port) => `server 127.0.0.1:${port} ${parameters};\n`);
      expect(generated).toContain(run.join('        '));
    }
    expect(generated.match(/server 127\.0\.0\.1:/g)).toHaveLength(3 * site.upstreamPorts.length);
    expect(generated).not.toMatch(/127\.0\.0\.1:808\d/);
    expect(generated).not.toContain('/var/log/');
    expect(generated).toContain('root /tmp/site/client;');
    // Every other line of the shipped file is there as it is, in order.
    const kept = shipped
      .split('\n')
      .filter(
        (line) =>
          !/^\s*(pid|error_log|access_log|listen|root|include \/etc\/nginx\/modules)\b/.test(
            line,
          ) && !/^\s*server 127\.0\.0\.1:/.test(line),
      );
    const remaining = generated.split('\n');
    let at = 0;
    for (const line of kept) {
      at = remaining.indexOf(line, at);
      expect(at, line).toBeGreaterThanOrEqual(0);
    }
  });

  it('holds the per-address limits for the platform: streams and requests of one address', () => {
    // server/nginxLimits.test.ts runs them in nginx; this says they are in the file without it.
    expect(shipped).toMatch(/^\s*limit_conn_zone \$binary_remote_addr zone=streams_per_address:/m);
    expect(shipped).toMatch(/^\s*limit_req_zone \$binary_remote_addr zone=requests_per_address:/m);
    const watcherStreams = shipped.match(
      /location ~ \^\/api\/\(matches\|tournaments\)\/\[\^\/\]\+\/events\$ \{[^}]*\}/,
    );
    expect(watcherStreams?.[0]).toContain('limit_conn streams_per_address 64;');
    expect(shipped).toMatch(/^\s*limit_req zone=requests_per_address burst=\d+ nodelay;/m);
    expect(shipped).toMatch(/^\s*limit_(req|conn)_status 429;/m);
  });

  it('refuses a shipped file whose replaced lines moved, naming what it looked for', () => {
    expect(() => nginxConfigFor(shipped.replace('listen 80;', 'listen 8080;'), site)).toThrow(
      'deploy/nginx.conf: expected one pair of listen lines, found 0',
    );
    expect(() =>
      nginxConfigFor(shipped.replace(/server 127\.0\.0\.1:8081/, 'server backend:8081'), site),
    ).toThrow(/every upstream server line as 127\.0\.0\.1:<port>/);
  });
});
