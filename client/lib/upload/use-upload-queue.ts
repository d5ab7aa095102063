// The upload dialog's files and their states (spec 001 §4, §5): added files wait; Upload compresses the
// images the spec compresses (preprocessing; the outcome is said in the dialog's "Files Uploaded"), then
// uploads every file (uploading), lets the server check it (postprocessing) and marks it complete. Each file
// can be cancelled, retried after an error, and paused and resumed when it goes through multipart.
import * as React from 'react';
import type { UploadCategory } from '../../../common/media.ts';
import type { ObjectPathResponse } from '../../../common/schemas/media.ts';
import { serverMessage } from '../authUtils.ts';
import { notifyFailure } from '../failure-toast.ts';
import { type CompressionOutcome, compressImage, compressionNote, shouldCompress } from './compress.ts';
import type { FileCategory } from './file-check.ts';
import { isAbortError } from './http.ts';
import { UPLOAD_ERROR_TITLE } from './messages.ts';
import { abortMultipart, type MultipartSession } from './multipart.ts';
import { aggregateState, type UploadState } from './states.ts';
import { type Finalize, FinalizeError, finalizeMedia, uploadFile, usesMultipart } from './upload-file.ts';

export interface UploadedFile extends ObjectPathResponse {
  /** The name shown with the file (a compressed png is now .jpg). */
  fileName: string;
  category: FileCategory;
}

export interface QueueItem {
  id: string;
  /** What is uploaded: the compressed image once preprocessed. */
  file: File;
  category: FileCategory;
  state: UploadState;
  loaded: number;
  total: number;
  error: string | null;
  result: UploadedFile | null;
  /** Compression was tried already (a retry does not compress again). */
  prepared: boolean;
  /** Over 100 MB: multipart, which can pause and resume. */
  multipart: boolean;
}

export interface QueueOptions {
  compressImages: boolean;
  /** Sent as the upload's category instead of the file's own (avatar). */
  uploadCategory?: UploadCategory;
  finalize?: Finalize;
  /** The toast titles when the bytes' trip or the finalise step fails. */
  uploadErrorTitle?: string;
  processErrorTitle: string;
  /** Deps for tests. */
  compress?: typeof compressImage;
  upload?: typeof uploadFile;
}

let nextId = 0;

/** A file the dialog accepted, waiting for Upload. */
export function queueItem(file: File, category: FileCategory): QueueItem {
  nextId += 1;
  return {
    id: `upload-${nextId}`,
    file,
    category,
    state: 'waiting',
    loaded: 0,
    total: file.size,
    error: null,
    result: null,
    prepared: false,
    multipart: usesMultipart(file.size),
  };
}

export function useUploadQueue(options: QueueOptions) {
  const [items, setItems] = React.useState<QueueItem[]>([]);
  // The list's truth, read by the running uploads; every change goes through `change` and is rendered.
  const itemsRef = React.useRef<QueueItem[]>([]);
  const controllers = React.useRef(new Map<string, AbortController>());
  const sessions = React.useRef(new Map<string, MultipartSession>());
  // Every batch's compression, said once the files are uploaded (compressionNote).
  const compression = React.useRef<CompressionOutcome>({ before: 0, after: 0, failed: false });
  const optionsRef = React.useRef(options);
  optionsRef.current = options;

  const change = React.useCallback((fn: (list: QueueItem[]) => QueueItem[]) => {
    itemsRef.current = fn(itemsRef.current);
    setItems(itemsRef.current);
  }, []);
  const update = React.useCallback(
    (id: string, patch: Partial<QueueItem>) =>
      change((list) => list.map((item) => (item.id === id ? { ...item, ...patch } : item))),
    [change],
  );
  const get = React.useCallback((id: string) => itemsRef.current.find((item) => item.id === id), []);

  const add = React.useCallback(
    (added: QueueItem[], replace = false) => change((list) => (replace ? added : [...list, ...added])),
    [change],
  );

  const run = React.useCallback(
    async (id: string) => {
      const item = itemsRef.current.find((i) => i.id === id);
      if (!item) return;
      const {
        uploadCategory,
        finalize = finalizeMedia,
        uploadErrorTitle = UPLOAD_ERROR_TITLE,
        processErrorTitle,
        upload = uploadFile,
      } = optionsRef.current;
      const controller = new AbortController();
      controllers.current.set(id, controller);
      update(id, { state: 'uploading', error: null });
      try {
        const result = await upload(item.file, {
          category: uploadCategory ?? item.category,
          signal: controller.signal,
          finalize,
          onProgress: (loaded, total) => update(id, { loaded, total }),
          onPostprocessing: () => update(id, { state: 'postprocessing' }),
          multipart: sessions.current.get(id) ?? null,
          onMultipartSession: (session) => sessions.current.set(id, session),
        });
        sessions.current.delete(id);
        update(id, {
          state: 'complete',
          loaded: item.file.size,
          result: { ...result, fileName: item.file.name, category: item.category },
        });
      } catch (error) {
        // Cancel and pause set their own state.
        if (isAbortError(error) || controller.signal.aborted) return;
        const processing = error instanceof FinalizeError;
        // A refused finalise deleted the upload: a retry starts again from the bytes.
        if (processing) sessions.current.delete(id);
        const message = serverMessage(error);
        update(id, {
          state: 'error',
          error: message ?? (processing ? 'The server refused the file' : 'Upload failed'),
        });
        notifyFailure(error, {
          title: processing ? processErrorTitle : uploadErrorTitle,
          description: message ?? `"${item.file.name}" could not be uploaded. Please try again.`,
        });
      } finally {
        if (controllers.current.get(id) === controller) controllers.current.delete(id);
      }
    },
    [update],
  );

  /** Compresses the batch's images, then uploads every waiting file. */
  const start = React.useCallback(async () => {
    const batch = itemsRef.current.filter((item) => item.state === 'waiting');
    const { compressImages, compress = compressImage } = optionsRef.current;
    const toCompress = compressImages ? batch.filter((i) => !i.prepared && shouldCompress(i.file)) : [];
    if (toCompress.length > 0) {
      for (const item of toCompress) update(item.id, { state: 'preprocessing' });
      const outcome = compression.current;
      for (const item of toCompress) {
        if (!get(item.id)) continue;
        const controller = new AbortController();
        controllers.current.set(item.id, controller);
        try {
          const out = await compress(item.file, { signal: controller.signal });
          outcome.before += item.file.size;
          outcome.after += out.size;
          if (get(item.id)) update(item.id, { file: out, total: out.size, prepared: true });
        } catch (error) {
          if (isAbortError(error) || controller.signal.aborted) continue;
          console.warn('Image compression failed', error);
          outcome.failed = true;
          if (get(item.id)) update(item.id, { prepared: true });
        } finally {
          if (controllers.current.get(item.id) === controller) controllers.current.delete(item.id);
        }
      }
    }
    await Promise.all(batch.filter((item) => get(item.id)).map((item) => run(item.id)));
  }, [run, update, get]);

  /** Stops a file and drops it from the list; a multipart upload's stored parts are deleted. */
  const cancel = React.useCallback(
    (id: string) => {
      controllers.current.get(id)?.abort();
      controllers.current.delete(id);
      const session = sessions.current.get(id);
      sessions.current.delete(id);
      if (session) void abortMultipart(session);
      change((list) => list.filter((item) => item.id !== id));
    },
    [change],
  );

  /** Multipart only: stops sending, keeping the parts already stored. */
  const pause = React.useCallback(
    (id: string) => {
      controllers.current.get(id)?.abort();
      controllers.current.delete(id);
      update(id, { state: 'paused' });
    },
    [update],
  );

  /** Retry after an error, or resume after a pause (a multipart upload sends only the missing parts). */
  const retry = React.useCallback((id: string) => void run(id), [run]);

  /** On close: everything still running stops and unfinished multipart uploads are deleted. */
  const cancelAll = React.useCallback(() => {
    for (const controller of controllers.current.values()) controller.abort();
    controllers.current.clear();
    for (const session of sessions.current.values()) void abortMultipart(session);
    sessions.current.clear();
  }, []);

  const overall = aggregateState(items.map((item) => item.state));
  const loaded = items.reduce((sum, item) => sum + item.loaded, 0);
  const total = items.reduce((sum, item) => sum + item.total, 0);
  const current = () => itemsRef.current;
  /** What compression did to the images so far, as a sentence, or null. */
  const note = React.useCallback(() => compressionNote(compression.current), []);
  return {
    items,
    current,
    add,
    start,
    cancel,
    pause,
    retry,
    cancelAll,
    overall,
    loaded,
    total,
    compressionNote: note,
  };
}
