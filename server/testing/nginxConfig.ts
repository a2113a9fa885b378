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
  text = replaceOnce(
    text,
    /^(\s*)server 127\.0\.0\.1:\d+( [^;\n]*);\n(?:\s*server 127\.0\.0\.1:\d+[^;\n]*;\n)*/m,
    site.upstreamPorts.map((port) => `$1server 127.0.0.1:${port}$2;\n`).join(''),
    'run of upstream server lines',
  );
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
