import { describe, expect, it } from 'vitest';
import { excerptSegments } from './excerpt.ts';

describe('excerptSegments', () => {
  it('splits text and marks and decodes the escapes', () => {
    expect(excerptSegments('a &lt;b&gt; <mark>pie</mark> &amp; &quot;x&quot; &#39;y&#39;')).toEqual([
      { text: 'a <b> ', mark: false },
      { text: 'pie', mark: true },
      { text: ' & "x" \'y\'', mark: false },
    ]);
  });

  it('keeps any other markup as literal text', () => {
    expect(excerptSegments('<script>alert(1)</script><mark><img src=x></mark>')).toEqual([
      { text: '<script>alert(1)</script>', mark: false },
      { text: '<img src=x>', mark: true },
    ]);
    // Escaped marks are text, not marks.
    expect(excerptSegments('&lt;mark&gt;x&lt;/mark&gt;')).toEqual([{ text: '<mark>x</mark>', mark: false }]);
  });

  it('survives unbalanced marks and decodes once', () => {
    expect(excerptSegments('</mark>a<mark>b')).toEqual([
      { text: 'a', mark: false },
      { text: 'b', mark: true },
    ]);
    expect(excerptSegments('&amp;lt;')).toEqual([{ text: '&lt;', mark: false }]);
    expect(excerptSegments('')).toEqual([]);
  });
});
