import { describe, expect, it } from 'vitest';
import { documentTitle } from './document-title.ts';

describe('documentTitle', () => {
  it('names the page, then the app', () => {
    expect(documentTitle('Garden Club')).toBe('Garden Club · Threadline');
    expect(documentTitle('Edit Profile')).toBe('Edit Profile · Threadline');
  });

  it('is the app name alone for the landing page', () => {
    expect(documentTitle(null)).toBe('Threadline');
    expect(documentTitle('')).toBe('Threadline');
  });
});
