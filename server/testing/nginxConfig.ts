/** Where a test's nginx listens, which processes it proxies to, and where it keeps its files. */
export interface NginxTestSite {
  /** The port nginx listens on, on 127.0.0.1. */
  listenPort: number;
  /** The Gridmind processes' ports, one upstream server line each. */
  upstreamPorts: readonly number[];
  /** A directory of the test's own for the pid file, logs and temporary files. */
  prefixDir: string;
  /** The directory /assets/ is served from. */
  clientRoot: string;
}

/** Replaces exactly one match of `pattern` in `text`, or says which line of the shipped file moved. */
function replaceOnce(text: string, pattern: RegExp, replacement: string, what: string): string {
  const matches = text.match(new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`));
  if (matches?.length !== 1) {
    throw new Error(`deploy/nginx.conf: expected one ${what}, found ${matches?.length ?? 0}`);
  }
  return text.replace(pattern, replacement);
}

/**
 * Each run of upstream server lines that share their parameters (an upstream's processes, its
 * backups) becomes one line per port of the test's, with those parameters.
 */
function withUpstreamPorts(text: string, ports: readonly number[]): string {
  const serverLine = /^(\s*server) 127\.0\.0\.1:\d+((?: [^;]*)?;)$/;
  const out: string[] = [];
  let runs = 0;
  let previous: string | null = null;
  for (const line of text.split('\n')) {
    const match = serverLine.exec(line);
    if (!match) {
      previous = null;
      out.push(line);
      continue;
    }
    const [, head, parameters] = match;
    const run = `${head}${parameters}`;
    if (run === previous) continue;
    previous = run;
    runs += 1;
    for (const port of ports) out.push(`${head} 127.0.0.1:${port}${parameters}`);
  }
  if (runs === 0) throw new Error('deploy/nginx.conf: expected a run of upstream server lines');
  return out.join('\n');
}

/**
 * deploy/nginx.conf as a test runs it: the same file with only where it listens, the upstream
 * ports, its own paths and the client root replaced (each must be found exactly where the shipped
 * file has it, so a test never runs a configuration the shipped file does not hold).
 */
export function nginxConfigFor(shipped: string, site: NginxTestSite): string {
  const { prefixDir } = site;
  let text = shipped;
  text = replaceOnce(text, /^pid .*;$/m, `pid ${prefixDir}/nginx.pid;`, 'pid line');
  text = replaceOnce(
    text,
    /^error_log \S+ (\w+);$/m,
    `error_log ${prefixDir}/error.log $1;`,
    'error_log line',
  );
  text = replaceOnce(
    text,
    /^(\s*)access_log \S+ gridmind;$/m,
    `$1access_log ${prefixDir}/access.log gridmind;`,
    'access_log line',
  );
  // Dynamic modules are the system's (none are needed); Debian compiles its temp paths under
  // /var/lib/nginx, which only root may write.
  text = replaceOnce(text, /^include \/etc\/nginx\/modules-enabled\/\*\.conf;\n/m, '', 'modules');
  text = replaceOnce(
    text,
    /^http \{\n/m,
    `http {\n${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
      .map((kind) => `    ${kind}_temp_path ${prefixDir}/${kind}_temp;\n`)
      .join('')}`,
    'http block',
  );
  const upstreamLines = text.match(/^\s*server [^{\s]+.*$/gm) ?? [];
  if (upstreamLines.some((line) => !/^\s*server 127\.0\.0\.1:\d+ /.test(line))) {
    throw new Error('deploy/nginx.conf: expected every upstream server line as 127.0.0.1:<port>');
  }
  text = withUpstreamPorts(text, site.upstreamPorts);
  text = replaceOnce(
    text,
    /^(\s*)listen 80;\n\s*listen \[::\]:80;\n/m,
    `$1listen 127.0.0.1:${site.listenPort};\n`,
    'pair of listen lines',
  );
  text = replaceOnce(
    text,
    /root \/srv\/gridmind\/dist\/client;/,
    `root ${site.clientRoot};`,
    'root',
  );
  return text;
}
