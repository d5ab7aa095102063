// The multipart partition both sides follow (the server signs each part's length from it; the client
// slices the file by it): the parts add up to the declared size exactly, whatever the size.
import { describe, expect, it } from 'vitest';
import { multipartPartBytes, multipartPartSize, UPLOAD } from './media.ts';

const MB = 1024 * 1024;

describe('multipartPartBytes', () => {
  it.each([1, 5 * MB - 1, 5 * MB, 5 * MB + 1, 120 * MB + 7, 200 * MB, 60_000 * MB])(
    'the parts of %i bytes add up to it, none over the part size, none past the last',
    (size) => {
      const chunk = multipartPartSize(size);
      const count = Math.ceil(size / chunk);
      expect(count).toBeLessThanOrEqual(UPLOAD.multipartMaxParts);
      let sum = 0;
      for (let n = 1; n <= count; n++) {
        const bytes = multipartPartBytes(size, n);
        expect(bytes).toBeGreaterThan(0);
        expect(bytes).toBeLessThanOrEqual(chunk);
        sum += bytes;
      }
      expect(sum).toBe(size);
      expect(multipartPartBytes(size, count + 1)).toBe(0);
      expect(multipartPartBytes(size, 0)).toBe(0);
    },
  );

  it('5 MB parts, the last one the rest', () => {
    expect(multipartPartSize(200 * MB)).toBe(5 * MB);
    expect([1, 2, 3].map((n) => multipartPartBytes(5 * MB + 300, n))).toEqual([5 * MB, 300, 0]);
  });
});
