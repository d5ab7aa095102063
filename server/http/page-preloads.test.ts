import { describe, expect, it } from 'vitest';
import {
  type Manifest,
  pageChunkFor,
  pageScripts,
  SESSION_HINT,
  withPreloads,
  withSessionHint,
} from './page-preloads.ts';

const manifest: Manifest = {
  'index.html': {
    file: 'assets/index-1.js',
    name: 'index',
    isEntry: true,
    imports: ['_runtime.js', '_vendor.js'],
  },
  '_runtime.js': { file: 'assets/runtime-2.js', name: 'runtime' },
  '_vendor.js': { file: 'assets/vendor-3.js', name: 'vendor', imports: ['_runtime.js'] },
  '_home-page.js': {
    file: 'assets/home-page-4.js',
    name: 'home-page',
    imports: ['_vendor.js', '_shared.js'],
  },
  '_shared.js': {
    file: 'assets/home-page_timeline-page-5.js',
    name: 'home-page_timeline-page',
    imports: ['_app.js', 'index.html'],
  },
  '_app.js': { file: 'assets/app-6.js', name: 'app', imports: ['_runtime.js'] },
};

describe('pageScripts', () => {
  it("lists the page's chunk and what it imports, less what the entry loads", () => {
    expect(pageScripts(manifest, 'home-page')).toEqual([
      'assets/home-page-4.js',
      'assets/home-page_timeline-page-5.js',
      'assets/app-6.js',
    ]);
  });

  it('lists nothing for a chunk the build does not have, or the entry', () => {
    expect(pageScripts(manifest, 'billing-page')).toEqual([]);
    expect(pageScripts(manifest, 'index')).toEqual([]);
    expect(pageScripts({}, 'home-page')).toEqual([]);
  });
});

describe('withPreloads', () => {
  it('adds one modulepreload link per script at the end of the head', () => {
    expect(withPreloads('<head><title>t</title></head><body></body>', ['assets/a.js', 'assets/b.js'])).toBe(
      '<head><title>t</title><link rel="modulepreload" crossorigin href="/assets/a.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/b.js"></head><body></body>',
    );
    expect(withPreloads('<head></head>', [])).toBe('<head></head>');
  });
});

describe('pageChunkFor', () => {
  it('names the page a path shows, home for /timeline without a threadline (the client sends it home)', () => {
    expect(pageChunkFor('/')).toBe('home-page');
    expect(pageChunkFor('/timeline/abc')).toBe('timeline-page');
    expect(pageChunkFor('/timeline')).toBe('home-page');
    expect(pageChunkFor('/timeline/')).toBe('home-page');
    expect(pageChunkFor('/billing')).toBe('billing-page');
    expect(pageChunkFor('/notifications')).toBe('notification-pages');
    expect(pageChunkFor('/no/such/page')).toBe('');
  });
});

describe('withSessionHint', () => {
  it('marks the head of a page sent with a session cookie', () => {
    expect(withSessionHint('<head><title>t</title></head><body></body>')).toBe(
      `<head><title>t</title>${SESSION_HINT}</head><body></body>`,
    );
  });
});
