import * as React from 'react';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { humanSize, UPLOAD_LIMITS } from '../../../common/media.ts';
import { button, cleanup, render, waitFor } from '../../features/home/test/render.tsx';
import type { FileCategory } from '../../lib/upload/file-check.ts';
import {
  type FetchCall,
  fileOf,
  json,
  objectPath,
  stubFetch,
  stubXhr,
  type XhrAnswer,
} from '../../lib/upload/test-fakes.ts';
import { toast } from '../../lib/use-toast.ts';
import { Toaster } from '../ui/toaster.tsx';
import { UploadDialog, type UploadDialogProps, type UploadedFile } from './upload-dialog.tsx';

vi.mock('../../lib/use-toast.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../lib/use-toast.ts')>();
  return { ...actual, toast: vi.fn(actual.toast) };
});

// The compressor itself is tested in lib/upload; here it shrinks to a quarter, or fails on demand.
const compression = vi.hoisted(() => ({ fail: false, calls: 0 }));
vi.mock('../../lib/upload/compress.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../lib/upload/compress.ts')>();
  return {
    ...actual,
    compressImage: async (file: File) => {
      compression.calls++;
      if (compression.fail) throw new Error('decode failed');
      return new File([new Uint8Array(Math.floor(file.size / 4))], actual.jpegName(file.name), {
        type: 'image/jpeg',
      });
    },
  };
});

const KB = 1024;
const PUT = (id: string) => `/api/objects/put/${id}?expires=1&sig=ab`;

let uploadCount = 0;
let finalizeAnswer: (call: FetchCall) => Response;

beforeEach(() => {
  vi.mocked(toast).mockClear();
  compression.fail = false;
  compression.calls = 0;
  uploadCount = 0;
  finalizeAnswer = ({ body }) => {
    const url = (body as { mediaURL: string }).mediaURL;
    return json(objectPath(/(?:put|uploads)\/([^?]+)/.exec(url)![1]!, 1));
  };
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function server() {
  return stubFetch((call) => {
    if (call.method === 'POST' && call.url === '/api/objects/upload') {
      uploadCount++;
      return json({ uploadURL: PUT(`u${uploadCount}`) });
    }
    if (call.method === 'PUT' && call.url === '/api/media') return finalizeAnswer(call);
    if (call.method === 'POST' && call.url === '/api/s3/multipart')
      return json({ key: 'uploads/m1', uploadId: 'm1' });
    if (call.method === 'GET' && call.url.startsWith('/api/s3/multipart/m1?')) return json([]);
    if (call.method === 'GET' && call.url.startsWith('/api/s3/multipart/m1/')) return json({ url: '/part' });
    if (call.url.includes('/complete')) return json({ location: '/objects/uploads/m1' });
    if (call.method === 'DELETE') return new Response(null, { status: 204 });
    return json({ message: 'Not found' }, 404);
  });
}

function Harness(
  props: Partial<UploadDialogProps> & {
    onDone?: (files: UploadedFile[], summary: { compression: string | null }) => void;
  },
) {
  const [open, setOpen] = React.useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open uploader
      </button>
      <UploadDialog
        open={open}
        onOpenChange={setOpen}
        onComplete={(files, summary) => props.onDone?.(files, summary)}
        {...props}
      />
      <Toaster />
    </>
  );
}

function openDialog(
  props: Partial<UploadDialogProps> & {
    onDone?: (files: UploadedFile[], summary: { compression: string | null }) => void;
  } = {},
) {
  const { container } = render(<Harness {...props} />);
  const opener = button(container, 'Open uploader')!;
  act(() => {
    opener.focus();
    opener.click();
  });
  return { opener, dialog: dialogEl()! };
}

const dialogEl = () => document.querySelector<HTMLElement>('[role="dialog"]');
const input = () => document.querySelector<HTMLInputElement>('[data-testid="upload-input"]')!;
const rows = () => [...document.querySelectorAll<HTMLElement>('[data-testid="upload-file"]')];
const labelled = (label: string) =>
  document.querySelector<HTMLButtonElement>(`button[aria-label="${label}"]`)!;
const toasts = () => vi.mocked(toast).mock.calls.map(([t]) => [t.title, t.description]);

function pick(...files: File[]) {
  const el = input();
  Object.defineProperty(el, 'files', { value: files, configurable: true });
  act(() => el.dispatchEvent(new Event('change', { bubbles: true })));
}

const clickUpload = async () => {
  const upload = [...dialogEl()!.querySelectorAll('button')].find((b) =>
    /^Upload/.test(b.textContent ?? ''),
  )!;
  await act(async () => upload.click());
};

describe('UploadDialog', () => {
  it("states each kind's own size limit when they differ (the composer's dialog)", () => {
    const { dialog } = openDialog({ maxFiles: 10, maxFileSize: UPLOAD_LIMITS.video });
    const mb = (n: number) => humanSize(n);
    expect(dialog.textContent).toContain(
      `Up to 10 files, at most ${mb(UPLOAD_LIMITS.image)} per image, ${mb(UPLOAD_LIMITS.video)} per video, ${mb(
        UPLOAD_LIMITS.audio,
      )} per audio file, ${mb(UPLOAD_LIMITS.document)} per document, large photos are compressed.`,
    );
    expect(dialog.textContent).toContain(
      '10 MB per image, 200 MB per video, 50 MB per audio file, 25 MB per document',
    );
    expect(dialog.textContent).not.toContain('200 MB each');
  });

  it('states one limit when every kind it takes shares it', () => {
    const { dialog } = openDialog({ categories: ['image'], maxFiles: 10, maxFileSize: UPLOAD_LIMITS.video });
    expect(dialog.textContent).toContain(
      'Images: Up to 10 files, at most 10 MB each, large photos are compressed.',
    );
  });

  it('opens the file picker from the drop area, a real button (Enter and Space work by keyboard)', () => {
    const { dialog } = openDialog();
    const drop = button(dialog, /Drop files here/)!;
    expect(drop.tagName).toBe('BUTTON');
    const click = vi.spyOn(input(), 'click');
    act(() => drop.click());
    expect(click).toHaveBeenCalledTimes(1);
    expect(drop.getAttribute('aria-describedby')).toBeTruthy();
    expect(dialog.textContent).toContain('One file, at most 10 MB each, large photos are compressed.');
    expect(input().multiple).toBe(false);
    expect(input().accept).toContain('.pdf');
  });

  it('refuses a type the dialog does not take with "File Type Not Allowed"', () => {
    openDialog({ categories: ['image'] as FileCategory[] });
    pick(fileOf('page.html', 10, 'text/html'));
    expect(toasts()).toContainEqual([
      'File Type Not Allowed',
      'Please select Images. "page.html" is not supported.',
    ]);
    pick(fileOf('report.pdf', 10, 'application/pdf'));
    expect(toasts()).toContainEqual([
      'File Type Not Allowed',
      'Please select Images. "report.pdf" is not supported.',
    ]);
    expect(rows()).toHaveLength(0);
  });

  it('refuses files over the size limit and more files than allowed', () => {
    openDialog({ maxFiles: 2, maxFileSize: 100 });
    pick(fileOf('big.pdf', 101, 'application/pdf'));
    expect(toasts().at(-1)?.[0]).toBe('File Too Large');
    pick(fileOf('a.pdf', 10), fileOf('b.pdf', 10), fileOf('c.pdf', 10));
    expect(toasts().at(-1)).toEqual(['Too Many Files', 'You can upload at most 2 files here.']);
    pick(fileOf('a.pdf', 10), fileOf('b.pdf', 10));
    expect(rows()).toHaveLength(2);
    expect(rows().every((r) => r.dataset.state === 'waiting')).toBe(true);
  });

  it('with one file allowed, a new pick replaces the waiting one', () => {
    openDialog();
    pick(fileOf('a.pdf', 10));
    pick(fileOf('b.pdf', 10));
    expect(rows().map((r) => r.textContent)).toEqual([expect.stringContaining('b.pdf')]);
  });

  it('takes files from a paste and a drop', () => {
    const { dialog } = openDialog({ maxFiles: 3 });
    const paste = new Event('paste', { bubbles: true }) as Event & { clipboardData: unknown };
    paste.clipboardData = { files: [new File(['x'], 'image.png', { type: 'image/png' })] };
    act(() => dialog.dispatchEvent(paste));
    const drop = new Event('drop', { bubbles: true }) as Event & { dataTransfer: unknown };
    drop.dataTransfer = { files: [fileOf('notes.txt', 3, 'text/plain')] };
    act(() => button(dialog, /Drop files here/)!.dispatchEvent(drop));
    expect(rows().map((r) => r.textContent)).toEqual([
      expect.stringContaining('image.png'),
      expect.stringContaining('notes.txt'),
    ]);
  });

  it('compresses large photos, uploads, says the saving in "Files Uploaded", hands the files over and closes, focus back on the opener', async () => {
    const calls = server();
    const puts = stubXhr({ status: 200 });
    const onDone = vi.fn();
    const { opener } = openDialog({ maxFiles: 3, onDone });
    pick(fileOf('photo.png', 400 * KB, 'image/png'), fileOf('small.png', 50 * KB, 'image/png'));
    await clickUpload();
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(compression.calls).toBe(1);
    // One toast, so the saving is not replaced at once by "Files Uploaded" (one toast shows at a time).
    const saving = 'Images compressed. Reduced size by 75% (400 KB → 100 KB).';
    expect(toasts()).toEqual([['Files Uploaded', `2 files uploaded successfully. ${saving}`]]);
    expect(onDone.mock.calls[0]![1]).toEqual({ compression: saving });
    const files = onDone.mock.calls[0]![0] as UploadedFile[];
    expect(files.map((f) => [f.fileName, f.objectPath, f.category])).toEqual([
      ['photo.jpg', '/objects/uploads/u1', 'image'],
      ['small.png', '/objects/uploads/u2', 'image'],
    ]);
    expect(calls.find((c) => c.url === '/api/objects/upload')?.body).toEqual({
      category: 'image',
      size: 100 * KB,
      contentType: 'image/jpeg',
      fileName: 'photo.jpg',
    });
    expect(puts.map((p) => p.headers['Content-Type'])).toEqual(['image/jpeg', 'image/png']);
    await waitFor(() => expect(dialogEl()).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('uploads the original and says so in "Files Uploaded" when compressing fails', async () => {
    compression.fail = true;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    server();
    const puts = stubXhr({ status: 200 });
    const onDone = vi.fn();
    openDialog({ onDone });
    pick(fileOf('photo.jpg', 400 * KB, 'image/jpeg'));
    await clickUpload();
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(toasts()).toEqual([
      ['Files Uploaded', '1 file uploaded successfully. Images were uploaded without compression.'],
    ]);
    expect(puts[0]!.body.size).toBe(400 * KB);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('says nothing of compression when no image needed it', async () => {
    server();
    stubXhr({ status: 200 });
    const onDone = vi.fn();
    openDialog({ onDone });
    pick(fileOf('small.png', 50 * KB, 'image/png'));
    await clickUpload();
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(toasts()).toEqual([['Files Uploaded', '1 file uploaded successfully']]);
    expect(onDone.mock.calls[0]![1]).toEqual({ compression: null });
  });

  it('says what happens next when the caller gives it (the composer: nothing is shared yet)', async () => {
    server();
    stubXhr({ status: 200 });
    const onDone = vi.fn();
    openDialog({ onDone, maxFiles: 2, nextStep: 'Attached: press Post to share' });
    pick(fileOf('small.png', 50 * KB, 'image/png'), fileOf('more.png', 50 * KB, 'image/png'));
    await clickUpload();
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(toasts()).toEqual([['Files Uploaded', 'Attached: press Post to share']]);
  });

  it('does not compress when compression is off', async () => {
    server();
    stubXhr({ status: 200 });
    const onDone = vi.fn();
    openDialog({ onDone, compressImages: false, announceComplete: false });
    pick(fileOf('photo.jpg', 400 * KB, 'image/jpeg'));
    await clickUpload();
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(compression.calls).toBe(0);
    expect(toasts().map((t) => t[0])).not.toContain('Files Uploaded');
  });

  it('shows a failed upload as error with "Failed to upload media file", and Retry uploads it again', async () => {
    server();
    let first = true;
    stubXhr((): XhrAnswer => {
      if (first) {
        first = false;
        return { status: 500, body: '{"message":"Disk full"}' };
      }
      return { status: 200 };
    });
    const onDone = vi.fn();
    openDialog({ onDone });
    pick(fileOf('notes.pdf', 10, 'application/pdf'));
    await clickUpload();
    await waitFor(() => expect(rows()[0]!.dataset.state).toBe('error'));
    expect(document.querySelector('[data-testid="upload-overall"]')!.getAttribute('data-state')).toBe(
      'error',
    );
    expect(toasts().at(-1)).toEqual(['Failed to upload media file', 'Disk full']);
    expect(rows()[0]!.textContent).toContain('Disk full');
    const retry = labelled('Retry notes.pdf');
    await act(async () => {
      retry.focus();
      retry.click();
    });
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(uploadCount).toBe(2);
  });

  it('a refused finalise toasts "Failed to process uploaded file(s)" with the server message', async () => {
    server();
    stubXhr({ status: 200 });
    finalizeAnswer = () => json({ message: 'File content does not match its type' }, 400);
    openDialog();
    pick(fileOf('notes.pdf', 10, 'application/pdf'));
    await clickUpload();
    await waitFor(() => expect(rows()[0]!.dataset.state).toBe('error'));
    expect(toasts().at(-1)).toEqual([
      'Failed to process uploaded file(s)',
      'File content does not match its type',
    ]);
  });

  it('cancel stops a running upload and removes it; focus goes to the drop area', async () => {
    server();
    stubXhr('hang');
    const { dialog } = openDialog();
    pick(fileOf('notes.pdf', 10, 'application/pdf'));
    await clickUpload();
    await waitFor(() => expect(rows()[0]!.dataset.state).toBe('uploading'));
    expect(dialog.querySelector('[role="progressbar"]')).toBeTruthy();
    act(() => labelled('Cancel notes.pdf').click());
    expect(rows()).toHaveLength(0);
    expect(document.activeElement).toBe(button(dialog, /Drop files here/));
  });

  it('pauses and resumes a multipart upload, sending only the missing parts', async () => {
    const calls = server();
    let hang = true;
    const puts = stubXhr((): XhrAnswer => (hang ? 'hang' : { status: 200 }));
    const onDone = vi.fn();
    openDialog({ onDone, maxFileSize: 300 * 1024 * 1024 });
    const big = fileOf('film.mp4', 10, 'video/mp4');
    Object.defineProperty(big, 'size', { value: 150 * 1024 * 1024 });
    pick(big);
    await clickUpload();
    await waitFor(() => expect(puts.length).toBe(6));
    expect(rows()[0]!.dataset.state).toBe('uploading');
    const pause = labelled('Pause film.mp4');
    act(() => {
      pause.focus();
      pause.click();
    });
    expect(rows()[0]!.dataset.state).toBe('paused');
    expect(document.querySelector('[data-testid="upload-overall"]')!.getAttribute('data-state')).toBe(
      'paused',
    );
    // The same button now resumes, and keeps the focus.
    expect(document.activeElement).toBe(labelled('Resume film.mp4'));
    hang = false;
    await act(async () => labelled('Resume film.mp4').click());
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls.filter((c) => c.method === 'POST' && c.url === '/api/s3/multipart')).toHaveLength(1);
    expect(calls.some((c) => c.method === 'GET' && c.url.startsWith('/api/s3/multipart/m1?'))).toBe(true);
    expect(calls.at(-1)).toEqual({
      method: 'PUT',
      url: '/api/media',
      body: { mediaURL: '/objects/uploads/m1' },
    });
  });

  it('closing mid-upload aborts it and deletes an unfinished multipart upload', async () => {
    const calls = server();
    stubXhr('hang');
    openDialog({ maxFileSize: 300 * 1024 * 1024 });
    const big = fileOf('film.mp4', 10, 'video/mp4');
    Object.defineProperty(big, 'size', { value: 150 * 1024 * 1024 });
    pick(big);
    await clickUpload();
    await waitFor(() => expect(calls.some((c) => c.url.includes('/m1/'))).toBe(true));
    await act(async () => button(dialogEl()!, 'Cancel')!.click());
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(dialogEl()).toBeNull();
  });

  it('refuses a selection the caller does not allow', () => {
    openDialog({
      maxFiles: 10,
      validateSelection: (files) => (files.length > 1 ? 'Only one document per post' : null),
    });
    pick(fileOf('a.pdf', 1), fileOf('b.pdf', 1));
    expect(toasts().at(-1)).toEqual(['Cannot Add Files', 'Only one document per post']);
    expect(rows()).toHaveLength(0);
  });
});
