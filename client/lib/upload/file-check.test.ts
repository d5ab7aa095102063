import { describe, expect, it } from 'vitest';
import { acceptAttribute, categoryList, fileCategory, namedFile, notAllowedMessage } from './file-check.ts';

describe('fileCategory', () => {
  it('detects by extension, with audio/webm recordings as audio', () => {
    expect(fileCategory({ name: 'Photo.JPG', type: 'image/jpeg' })).toBe('image');
    expect(fileCategory({ name: 'clip.webm', type: 'video/webm' })).toBe('video');
    expect(fileCategory({ name: 'voice.webm', type: 'audio/webm;codecs=opus' })).toBe('audio');
    expect(fileCategory({ name: 'report.pdf', type: '' })).toBe('document');
    expect(fileCategory({ name: 'page.html', type: 'text/html' })).toBeNull();
    expect(fileCategory({ name: 'run.exe', type: '' })).toBeNull();
    // No extension: the MIME type decides.
    expect(fileCategory({ name: 'image', type: 'image/png' })).toBe('image');
  });
});

describe('the not-allowed toast', () => {
  it('names the categories the dialog takes', () => {
    expect(categoryList(['image'])).toBe('Images');
    expect(notAllowedMessage(['image', 'video', 'audio', 'document'], 'page.html')).toBe(
      'Please select Images, Videos, Audio or Documents. "page.html" is not supported.',
    );
  });
});

describe('acceptAttribute and namedFile', () => {
  it('lists extensions and MIME types', () => {
    const accept = acceptAttribute(['image']).split(',');
    expect(accept).toContain('.png');
    expect(accept).toContain('image/png');
    expect(accept).not.toContain('.pdf');
  });

  it('names a pasted file by its type', () => {
    const named = namedFile(new File(['x'], '', { type: 'image/png' }));
    expect(named.name).toMatch(/^pasted-\d+\.png$/);
    const kept = new File(['x'], 'shot.png', { type: 'image/png' });
    expect(namedFile(kept)).toBe(kept);
  });
});
