/**
 * Adds the lockfile entries npm leaves out on these machines: the registry here serves native
 * binaries for Linux only, so npm drops other platforms' optional builds (biome, rollup,
 * oxc-parser, …) from package-lock.json, and then `npm ci` refuses that very lockfile. Each
 * missing build gets an entry marked optional with the os/cpu/libc its name encodes, which every
 * npm skips on other platforms, exactly as a lockfile written against the full registry would
 * say. Run after `npm install`: `npx tsx scripts/complete-lockfile.ts`.
 */
import { readFileSync, writeFileSync } from 'node:fs';

interface LockEntry {
  version?: string;
  optional?: boolean;
  optionalDependencies?: Record<string, string>;
  os?: string[];
  cpu?: string[];
  libc?: string[];
}

const OSES = ['android', 'darwin', 'freebsd', 'linux', 'win32', 'openbsd', 'openharmony', 'netbsd'];
const CPUS = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 'riscv64', 's390x', 'loong64', 'wasm32'];

/** The platform constraints a native build's package name encodes, e.g. `cli-linux-x64-musl`. */
function platformOf(name: string): Pick<LockEntry, 'os' | 'cpu' | 'libc'> | undefined {
  const parts = name.split('/').pop()!.split('-');
  const os = parts.find((part) => OSES.includes(part));
  const cpu = parts.find((part) => CPUS.includes(part));
  if (cpu === undefined) return undefined;
  const libc = parts.some((part) => part.includes('musl'))
    ? ['musl']
    : os === 'linux'
      ? ['glibc']
      : undefined;
  return { ...(os ? { os: [os] } : {}), cpu: [cpu], ...(libc ? { libc } : {}) };
}

/** Where Node would find `name` from the package at `from` (walking up node_modules folders). */
function resolves(packages: Record<string, LockEntry>, from: string, name: string): boolean {
  let dir = from;
  for (;;) {
    if (packages[`${dir ? `${dir}/` : ''}node_modules/${name}`]) return true;
    const cut = dir.lastIndexOf('node_modules/');
    if (cut < 0) return false;
    dir = dir.slice(0, cut).replace(/\/$/, '');
  }
}

const lockPath = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(lockPath, 'utf8')) as { packages: Record<string, LockEntry> };
let added = 0;
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    if (resolves(lock.packages, path, name)) continue;
    const platform = platformOf(name);
    if (!platform) continue;
    const top = `node_modules/${name}`;
    const target = lock.packages[top] ? `${path}/node_modules/${name}` : top;
    lock.packages[target] = { version, optional: true, ...platform };
    added += 1;
  }
}
const sorted = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : 1)),
);
writeFileSync(lockPath, `${JSON.stringify({ ...lock, packages: sorted }, null, 2)}\n`);
console.log(`complete-lockfile: added ${added} optional platform entries`);
