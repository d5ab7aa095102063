// A Node 22 binary for scripts/test.mjs, which runs the unit and api-pglite Vitest projects on it too (the app
// supports Node 20.19+ and 22; the main run uses the Node that started it). The npm package node@NODE22
// carries the binary: installed once into node_modules/.cache/node22 (kept across runs; npm's cache makes a
// clean clone's install a few seconds). Usage: node scripts/node22.mjs  (prints the binary's path).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';

export const NODE22 = '22.23.3';
const root = path.resolve(import.meta.dirname, '..');
const dir = path.join(root, 'node_modules', '.cache', `node-${NODE22}`);
const binary = path.join(dir, 'node_modules', 'node', 'bin', 'node');

const version = (bin) => spawnSync(bin, ['--version'], { encoding: 'utf8' }).stdout?.trim();

/** The path of a working Node NODE22 binary, installed first when missing; throws when it cannot be had. */
export function node22() {
  if (existsSync(binary) && version(binary) === `v${NODE22}`) return binary;
  mkdirSync(dir, { recursive: true });
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const installed = spawnSync(
    npm,
    [
      'install',
      '--no-save',
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
      '--prefix',
      dir,
      `node@${NODE22}`,
    ],
    { stdio: 'inherit' },
  );
  if (installed.status !== 0 || version(binary) !== `v${NODE22}`) {
    throw new Error(`could not install node@${NODE22} into ${dir}`);
  }
  return binary;
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(node22());
