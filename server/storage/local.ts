// STORAGE=local: objects are files under `${DATA_DIR}/objects/`, written by streaming to a temporary file
// that is renamed into place (a reader never sees half an object). Uploads go through the app's signed,
// single-use endpoint (/api/objects/put/{id}); multipart parts live in `.multipart/{uploadId}/` until
// completed.
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { HttpError } from '../http/errors.ts';
import { idFromKey } from './keys.ts';
import type { UrlSigner } from './signing.ts';
import type { ObjectStore, PartInfo, ReadOptions, StoredObject, UploadTarget } from './types.ts';

/** Keys the server makes: a folder and one safe name (no `..`, no separators beyond the one). */
const KEY_RE = /^(uploads|thumbs|exports)\/[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;
const UPLOAD_ID_RE = /^[0-9a-f]{32}$/;
const PART_FILE_RE = /^(\d{1,5})\.([0-9a-f]{32})$/;

const stripQuotes = (etag: string) => etag.replace(/^W\//, '').replace(/"/g, '');

/** A full disk (or a user quota of the file system) is the server's condition, not a bug: 507, clearly. */
function outOfSpace(err: unknown): unknown {
  const code = (err as NodeJS.ErrnoException)?.code;
  if (code !== 'ENOSPC' && code !== 'EDQUOT') return err;
  return new HttpError(507, 'The server is out of storage space: try again later');
}

export class LocalStore implements ObjectStore {
  readonly kind = 'local' as const;
  readonly root: string;

  constructor(
    dataDir: string,
    readonly signer: UrlSigner,
    private readonly now: () => number = Date.now,
  ) {
    this.root = path.resolve(dataDir, 'objects');
  }

  private pathOf(key: string): string {
    if (!KEY_RE.test(key) || key.includes('..')) throw new Error(`invalid object key: ${key}`);
    return path.join(this.root, key);
  }

  private multipartDir(uploadId: string): string {
    if (!UPLOAD_ID_RE.test(uploadId)) throw new HttpError(404, 'Upload not found');
    return path.join(this.root, '.multipart', uploadId);
  }

  private async tempFile(): Promise<string> {
    const dir = path.join(this.root, '.tmp');
    await mkdir(dir, { recursive: true });
    return path.join(dir, `${randomBytes(12).toString('hex')}.part`);
  }

  /** Streams `body` to a temporary file and returns its path, size and md5 (removed again on failure). */
  private async writeTemp(body: Readable | Buffer) {
    const temp = await this.tempFile();
    const hash = createHash('md5');
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        hash.update(chunk);
        done(null, chunk);
      },
    });
    try {
      await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, counter, createWriteStream(temp));
    } catch (err) {
      await rm(temp, { force: true });
      throw outOfSpace(err);
    }
    return { temp, size, md5: hash.digest('hex') };
  }

  private static etagOf(size: number, mtimeMs: number) {
    return `"${size.toString(16)}-${Math.floor(mtimeMs).toString(16)}"`;
  }

  async signUpload(
    key: string,
    options: { contentType?: string; size: number; expiresInSeconds: number },
  ): Promise<UploadTarget> {
    const id = idFromKey(key);
    if (!id) throw new Error(`local uploads take uploads/{id} keys, not ${key}`);
    const expires = Math.floor(this.now() / 1000) + options.expiresInSeconds;
    const sig = this.signer.sign({ kind: 'put', id }, expires);
    return {
      url: `/api/objects/put/${id}?expires=${expires}&sig=${sig}`,
      ...(options.contentType && { headers: { 'content-type': options.contentType } }),
    };
  }

  /** The local endpoint writes straight to the key (its URL is single-use), so committing is a head. */
  async commitUpload(key: string): Promise<StoredObject | null> {
    return this.head(key);
  }

  async put(key: string, body: Readable | Buffer, options: { contentType?: string }): Promise<StoredObject> {
    const target = this.pathOf(key);
    const { temp, size } = await this.writeTemp(body);
    await mkdir(path.dirname(target), { recursive: true });
    await rename(temp, target);
    const info = await stat(target);
    return { size, etag: LocalStore.etagOf(info.size, info.mtimeMs), contentType: options.contentType };
  }

  async head(key: string): Promise<StoredObject | null> {
    try {
      const info = await stat(this.pathOf(key));
      if (!info.isFile()) return null;
      return { size: info.size, etag: LocalStore.etagOf(info.size, info.mtimeMs) };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async read(key: string, options: ReadOptions = {}): Promise<Readable | null> {
    let handle: Awaited<ReturnType<typeof open>>;
    try {
      handle = await open(this.pathOf(key), 'r');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
    return handle.createReadStream({ start: options.start, end: options.end, autoClose: true });
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  // ---- multipart ----

  async createMultipart(key: string, _options: { contentType?: string }): Promise<string> {
    this.pathOf(key);
    const uploadId = randomBytes(16).toString('hex');
    const dir = this.multipartDir(uploadId);
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'key'), key);
    return uploadId;
  }

  /** The open multipart upload's folder, after checking it belongs to `key`; 404 when there is none. */
  private async openMultipart(key: string, uploadId: string): Promise<string> {
    const dir = this.multipartDir(uploadId);
    const owner = await readFile(path.join(dir, 'key'), 'utf8').catch(() => null);
    if (owner !== key) throw new HttpError(404, 'Upload not found');
    return dir;
  }

  async listParts(key: string, uploadId: string): Promise<PartInfo[]> {
    const dir = await this.openMultipart(key, uploadId);
    const latest = new Map<number, PartInfo & { mtimeMs: number }>();
    for (const name of await readdir(dir)) {
      const match = PART_FILE_RE.exec(name);
      if (!match) continue;
      const info = await stat(path.join(dir, name)).catch(() => null);
      if (!info) continue;
      const partNumber = Number(match[1]);
      const seen = latest.get(partNumber);
      const etag = `"${match[2]}"`;
      // The same pick as keepLatestPart: the latest, then the greatest name.
      if (!seen || seen.mtimeMs < info.mtimeMs || (seen.mtimeMs === info.mtimeMs && etag > seen.ETag)) {
        latest.set(partNumber, {
          PartNumber: partNumber,
          Size: info.size,
          ETag: etag,
          mtimeMs: info.mtimeMs,
        });
      }
    }
    return [...latest.values()]
      .sort((a, b) => a.PartNumber - b.PartNumber)
      .map(({ PartNumber, Size, ETag }) => ({ PartNumber, Size, ETag }));
  }

  async signPart(
    key: string,
    uploadId: string,
    partNumber: number,
    options: { size: number; expiresInSeconds: number },
  ): Promise<UploadTarget> {
    // The size is not in the URL: the part endpoint works it out from the upload's row and caps at it.
    await this.openMultipart(key, uploadId);
    const id = idFromKey(key)!;
    const expires = Math.floor(this.now() / 1000) + options.expiresInSeconds;
    const sig = this.signer.sign({ kind: 'part', id, partNumber }, expires);
    return { url: `/api/objects/put/${id}/parts/${partNumber}?expires=${expires}&sig=${sig}` };
  }

  /** Writes one part (the app's part endpoint); a part sent again replaces the earlier one. */
  async putPart(key: string, uploadId: string, partNumber: number, body: Readable): Promise<PartInfo> {
    const dir = await this.openMultipart(key, uploadId);
    const { temp, size, md5 } = await this.writeTemp(body);
    for (const name of await readdir(dir).catch(() => [] as string[])) {
      if (name.startsWith(`${partNumber}.`)) await rm(path.join(dir, name), { force: true });
    }
    try {
      await rename(temp, path.join(dir, `${partNumber}.${md5}`));
    } catch (err) {
      // Aborted while the part was streaming.
      await rm(temp, { force: true });
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new HttpError(404, 'Upload not found');
      throw err;
    }
    await this.keepLatestPart(dir, partNumber);
    return { PartNumber: partNumber, Size: size, ETag: `"${md5}"` };
  }

  /**
   * One file per part number: the same part sent twice at once could leave both (each removed the older
   * ones before its own was there). The latest stays (mtime, then name: every caller picks the same one),
   * as listParts reports; the other copies go, so parts never hold more than their share of the size.
   */
  private async keepLatestPart(dir: string, partNumber: number): Promise<void> {
    const copies: { name: string; mtimeMs: number }[] = [];
    for (const name of await readdir(dir).catch(() => [] as string[])) {
      if (PART_FILE_RE.exec(name)?.[1] !== String(partNumber)) continue;
      const info = await stat(path.join(dir, name)).catch(() => null);
      if (info) copies.push({ name, mtimeMs: info.mtimeMs });
    }
    copies.sort((a, b) => b.mtimeMs - a.mtimeMs || (a.name < b.name ? 1 : -1));
    for (const older of copies.slice(1)) await rm(path.join(dir, older.name), { force: true });
  }

  async completeMultipart(
    key: string,
    uploadId: string,
    parts: { PartNumber: number; ETag: string }[],
  ): Promise<StoredObject> {
    const dir = await this.openMultipart(key, uploadId);
    const stored = new Map((await this.listParts(key, uploadId)).map((p) => [p.PartNumber, p]));
    const files: string[] = [];
    let previous = 0;
    for (const part of parts) {
      if (part.PartNumber <= previous) throw new HttpError(400, 'Parts must be listed in ascending order');
      previous = part.PartNumber;
      const found = stored.get(part.PartNumber);
      if (!found || stripQuotes(found.ETag) !== stripQuotes(part.ETag)) {
        throw new HttpError(400, `Part ${part.PartNumber} was not uploaded or its ETag does not match`);
      }
      files.push(path.join(dir, `${part.PartNumber}.${stripQuotes(found.ETag)}`));
    }
    const target = this.pathOf(key);
    const temp = await this.tempFile();
    try {
      const out = createWriteStream(temp);
      async function* concat() {
        for (const file of files) yield* createReadStream(file);
      }
      await pipeline(Readable.from(concat()), out);
      await mkdir(path.dirname(target), { recursive: true });
      await rename(temp, target);
    } catch (err) {
      await rm(temp, { force: true });
      throw outOfSpace(err);
    }
    await rm(dir, { recursive: true, force: true });
    const info = await stat(target);
    return { size: info.size, etag: LocalStore.etagOf(info.size, info.mtimeMs) };
  }

  async abortMultipart(key: string, uploadId: string): Promise<void> {
    const dir = this.multipartDir(uploadId);
    const owner = await readFile(path.join(dir, 'key'), 'utf8').catch(() => null);
    if (owner !== null && owner !== key) throw new HttpError(404, 'Upload not found');
    await rm(dir, { recursive: true, force: true });
  }

  /** Removes temporary files left by interrupted writes (older than `olderThanMs`). */
  async sweepTemp(olderThanMs: number): Promise<number> {
    const dir = path.join(this.root, '.tmp');
    let removed = 0;
    for (const name of await readdir(dir).catch(() => [] as string[])) {
      const file = path.join(dir, name);
      const info = await stat(file).catch(() => null);
      if (info && info.mtimeMs < this.now() - olderThanMs) {
        await rm(file, { force: true });
        removed++;
      }
    }
    return removed;
  }
}
