import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { button, cleanup, render, waitFor } from '../../features/home/test/render.tsx';
import { FileAttachment } from './file-attachment.tsx';
import {
  PDF_NO_VIEWER,
  PREVIEW_LOADING,
  PREVIEW_NOT_AVAILABLE,
  PreviewDialog,
  previewKind,
} from './preview-dialog.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
const row = (fileName: string, fileSize: number | null = 12_345) =>
  render(<FileAttachment url="/objects/uploads/f-1" fileName={fileName} fileSize={fileSize} />).container;

describe('FileAttachment', () => {
  it.each([
    ['Report 2026.pdf', 'PDF', true],
    ['scan.PNG', 'IMG', true],
    ['notes.docx', 'DOC', false],
    ['budget.xlsx', 'DOC', false],
    ['table.csv', 'DOC', false],
    ['photos.zip', 'ZIP', false],
    ['backup.7z', 'ZIP', false],
    ['data.json', 'FILE', false],
    ['clip.mp4', 'FILE', true],
    ['song.mp3', 'FILE', true],
  ])('shows %s with the %s badge; Preview offered: %s', (fileName, badge, previewable) => {
    const container = row(fileName);
    expect(container.querySelector('[data-testid="file-badge"]')!.textContent).toBe(badge);
    expect(container.textContent).toContain(fileName);
    expect(Boolean(button(container, 'Preview'))).toBe(previewable);
    const download = container.querySelector('a')!;
    expect(download.textContent).toBe('Download');
    expect(download.getAttribute('href')).toBe('/objects/uploads/f-1');
    expect(download.getAttribute('download')).toBe(fileName);
    expect(download.getAttribute('aria-label')).toBe(`Download ${fileName}`);
  });

  it('shows the size in human units, and none when it is unknown', () => {
    expect(row('a.pdf', 12_345).textContent).toContain('12 KB');
    expect(row('b.pdf', 3 * 1024 * 1024 + 200_000).textContent).toContain('3.2 MB');
    expect(row('c.pdf', 512).textContent).toContain('512 B');
    expect(row('d.pdf', null).textContent).not.toMatch(/\d+(\.\d)? (B|KB|MB)/);
  });

  // The wrapping itself needs a browser: e2e/media-gallery.spec.ts ('no sideways scroll at 360 px') shows such a name.
  it('gives a long unbroken name the classes that wrap it inside the row, and its full text as title', () => {
    const name = `${'x'.repeat(200)}.pdf`;
    const p = [...row(name).querySelectorAll('p')].find((el) => el.textContent === name)!;
    expect(p.className).toContain('wrap-anywhere');
    expect(p.parentElement!.className).toContain('min-w-0');
    expect(p.getAttribute('title')).toBe(name);
  });

  it('previews a PDF in a frame and gives focus back to Preview on Escape', async () => {
    // happy-dom loads no frames and says so on the console it was given at start-up (Node's own).
    const quiet = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const container = row('Report.pdf');
    const preview = button(container, 'Preview')!;
    expect(preview.getAttribute('aria-label')).toBe('Preview Report.pdf');
    act(() => {
      preview.focus();
      preview.click();
    });
    // The dialog's code loads on the first opening.
    await waitFor(() => expect(dialog()).not.toBeNull());
    const frame = dialog()!.querySelector('iframe')!;
    expect(frame.getAttribute('src')).toBe('/objects/uploads/f-1');
    expect(frame.getAttribute('title')).toBe('Preview of Report.pdf');
    // A loading state over the frame until it has loaded (not a blank panel).
    const status = () => dialog()!.querySelector('[role="status"]');
    expect(status()?.textContent).toBe(PREVIEW_LOADING);
    act(() => {
      frame.dispatchEvent(new Event('load'));
    });
    expect(status()).toBeNull();
    expect(dialog()!.querySelector('h2')!.textContent).toBe('Report.pdf');
    expect(dialog()!.textContent).not.toContain(PREVIEW_NOT_AVAILABLE);
    // Focus starts on Download, not in the frame (a PDF viewer keeps Escape to itself).
    expect(document.activeElement?.textContent).toBe('Download');
    expect(quiet.mock.calls.map((call) => String(call[0])).join('')).toContain(
      'Iframe page loading is disabled',
    );
    quiet.mockRestore();

    act(() => {
      (document.activeElement as HTMLElement).dispatchEvent(
        new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }),
      );
    });
    expect(dialog()).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(preview));
  });

  it('previews an image as an image', async () => {
    const container = row('scan.png');
    act(() => button(container, 'Preview')!.click());
    await waitFor(() => expect(dialog()).not.toBeNull());
    const img = dialog()!.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/objects/uploads/f-1');
    expect(img.getAttribute('alt')).toBe('scan.png');
    expect(dialog()!.querySelector('iframe')).toBeNull();
  });
});

describe('PreviewDialog', () => {
  it('says a type has no preview and offers the download', () => {
    render(<PreviewDialog open onOpenChange={() => {}} url="/objects/uploads/f-2" fileName="notes.docx" />);
    expect(dialog()!.textContent).toContain(PREVIEW_NOT_AVAILABLE);
    expect(dialog()!.querySelector('iframe, img, video, audio')).toBeNull();
    const download = [...dialog()!.querySelectorAll('a')].find((a) => a.textContent === 'Download')!;
    expect(download.getAttribute('href')).toBe('/objects/uploads/f-2');
    expect(download.getAttribute('download')).toBe('notes.docx');
  });

  it('a browser without a PDF viewer is told to use Download, not shown a load that never ends', () => {
    const quiet = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    Object.defineProperty(navigator, 'pdfViewerEnabled', { configurable: true, value: false });
    try {
      render(<PreviewDialog open onOpenChange={() => {}} url="/objects/uploads/p" fileName="a.pdf" />);
      expect(dialog()!.querySelector('[role="status"]')!.textContent).toBe(PDF_NO_VIEWER);
      expect(dialog()!.querySelector('iframe')).not.toBeNull();
    } finally {
      Reflect.deleteProperty(navigator, 'pdfViewerEnabled');
      quiet.mockRestore();
    }
  });

  it('plays previewable video and audio', () => {
    render(<PreviewDialog open onOpenChange={() => {}} url="/objects/uploads/v" fileName="clip.webm" />);
    expect(dialog()!.querySelector('video')!.getAttribute('src')).toBe('/objects/uploads/v');
    cleanup();
    render(<PreviewDialog open onOpenChange={() => {}} url="/objects/uploads/a" fileName="memo.m4a" />);
    expect(dialog()!.querySelector('audio')!.getAttribute('src')).toBe('/objects/uploads/a');
  });

  it('picks what to show by extension', () => {
    expect(
      ['a.PDF', 'b.jpeg', 'c.svg', 'd.mov', 'e.flac', 'f.docx', 'g.zip', 'h', 'i.tiff'].map(previewKind),
    ).toEqual(['pdf', 'image', 'image', 'video', 'audio', 'none', 'none', 'none', 'none']);
  });
});
