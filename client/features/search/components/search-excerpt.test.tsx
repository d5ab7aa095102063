import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SearchExcerpt } from './search-excerpt.tsx';

describe('SearchExcerpt', () => {
  it('renders marks as <mark> and everything else as text', () => {
    const html = renderToStaticMarkup(
      <SearchExcerpt html={'&lt;script&gt;x&lt;/script&gt; <mark>pie</mark> <img src=x onerror=alert(1)>'} />,
    );
    const doc = new DOMParser().parseFromString(html, 'text/html');
    expect([...doc.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['pie']);
    expect(doc.querySelector('script, img')).toBeNull();
    expect(doc.body.textContent).toBe('<script>x</script> pie <img src=x onerror=alert(1)>');
  });
});
