// VAPID keys (RFC 8292): an ECDSA P-256 pair in the base64url forms browsers and `web-push` use, the public key
// as its 65-byte uncompressed point and the private key as its 32-byte scalar. Checked here so a bad pair stops
// start-up with one clear line instead of failing at the first push.
import { createECDH, randomBytes } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** Why `publicKey` is not a P-256 public key in base64url, or null when it is one. */
export function publicKeyProblem(publicKey: string): string | null {
  if (!BASE64URL.test(publicKey)) return 'must be base64url (letters, digits, - and _, no padding)';
  const bytes = Buffer.from(publicKey, 'base64url');
  if (bytes.length !== 65 || bytes[0] !== 4) {
    return 'must be a P-256 public key: 65 bytes once decoded (as `npx web-push generate-vapid-keys` prints)';
  }
  return null;
}

/** Why `privateKey` is not a P-256 private key in base64url, or null when it is one. */
export function privateKeyProblem(privateKey: string): string | null {
  if (!BASE64URL.test(privateKey)) return 'must be base64url (letters, digits, - and _, no padding)';
  if (Buffer.from(privateKey, 'base64url').length !== 32) {
    return 'must be a P-256 private key: 32 bytes once decoded (as `npx web-push generate-vapid-keys` prints)';
  }
  return null;
}

/** True when `publicKey` is the public half of `privateKey`. */
export function keysMatch({ publicKey, privateKey }: VapidKeys): boolean {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
    return ecdh.getPublicKey().equals(Buffer.from(publicKey, 'base64url'));
  } catch {
    return false;
  }
}

/** A fresh pair. */
export function generateVapidKeys(): VapidKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    // A scalar with leading zero bytes comes back shorter: padded to the 32 bytes the format wants.
    privateKey: Buffer.from(ecdh.getPrivateKey().toString('hex').padStart(64, '0'), 'hex').toString(
      'base64url',
    ),
  };
}

/** Where the generated pair lives when the environment gives none. */
export const VAPID_FILE = 'vapid-keys.json';

/**
 * The configured pair, else the one generated once into DATA_DIR (like the session secret). Several instances
 * on one PostgreSQL must share VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY: a subscription is tied to the public key the
 * browser was given, and a push signed with another key is refused by the push service.
 */
export async function loadVapidKeys(dataDir: string, fromEnv: VapidKeys | undefined): Promise<VapidKeys> {
  if (fromEnv) return fromEnv;
  const file = path.join(dataDir, VAPID_FILE);
  let text: string | undefined;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  if (text !== undefined) {
    const keys = parseStored(text);
    if (!keys) throw new Error(`${file} holds no valid VAPID key pair: delete it to generate a new one`);
    return keys;
  }
  await mkdir(dataDir, { recursive: true });
  const keys = generateVapidKeys();
  // Written whole under another name, then linked into place: a second process starting at the same moment
  // never reads half a file, and keeps the first one's pair (link fails with EEXIST).
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(temp, `${JSON.stringify(keys)}\n`, { mode: 0o600 });
  try {
    await link(temp, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return loadVapidKeys(dataDir, undefined);
  } finally {
    await unlink(temp);
  }
  return keys;
}

function parseStored(text: string): VapidKeys | null {
  try {
    const stored = JSON.parse(text) as Partial<VapidKeys>;
    const keys = { publicKey: String(stored.publicKey ?? ''), privateKey: String(stored.privateKey ?? '') };
    const valid = !publicKeyProblem(keys.publicKey) && !privateKeyProblem(keys.privateKey) && keysMatch(keys);
    return valid ? keys : null;
  } catch {
    return null;
  }
}
