// The registry mirror on these machines only carries the Linux builds of some native packages
// (@biomejs/cli-*, @tailwindcss/oxide-*), so `npm install` leaves the other platforms' optional
// dependencies out of package-lock.json and `npm ci` then refuses the lock as out of sync.
// This adds a stub entry for each missing optional dependency; npm ci skips stubs whose os/cpu
// do not match. Run it after any `npm install` that rewrites the lock: `node scripts/lock-optional-stubs.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';

const lockPath = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
const pkgs = lock.packages;

const OS = ['android', 'darwin', 'freebsd', 'linux', 'win32', 'openbsd', 'sunos', 'aix', 'netbsd'];
const CPU = ['arm64', 'x64', 'arm', 'ia32', 'wasm32', 'riscv64', 'ppc64', 's390x', 'loong64'];

function guessPlatform(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.find((p) => CPU.includes(p));
  const entry = {};
  // wasm32 builds run anywhere in principle; mark them so npm never picks them on a native platform.
  if (cpu === 'wasm32') return { cpu: ['wasm32'] };
  if (os) entry.os = [os];
  if (cpu) entry.cpu = [cpu];
  if (parts.includes('musl')) entry.libc = ['musl'];
  return entry;
}

let added = 0;
for (const [path, meta] of Object.entries(pkgs)) {
  if (!path || !meta.optionalDependencies) continue;
  const base = path.slice(0, path.lastIndexOf('node_modules/'));
  for (const [dep, version] of Object.entries(meta.optionalDependencies)) {
    const nested = `${path}/node_modules/${dep}`;
    const hoisted = `${base}node_modules/${dep}`;
    const top = `node_modules/${dep}`;
    if (pkgs[nested] || pkgs[hoisted] || pkgs[top]) continue;
    pkgs[top] = { version, dev: meta.dev || undefined, optional: true, ...guessPlatform(dep) };
    added++;
  }
}
const sorted = Object.fromEntries(
  Object.entries(pkgs).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
lock.packages = sorted;
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`lock-optional-stubs: added ${added} stub entr${added === 1 ? 'y' : 'ies'}`);
