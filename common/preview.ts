// A short preview of a longer text (the conversation list's last message, issue 23): at most `max` code
// points with the "…" included, cut between grapheme clusters, so neither a surrogate pair nor an emoji
// sequence (a flag, a skin tone, a ZWJ family) is ever broken.

export const ELLIPSIS = '…';

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** `text` itself when it has at most `max` code points; else its longest grapheme prefix that fits, + "…". */
export function previewText(text: string, max: number): string {
  let points = 0;
  for (const _ of text) {
    points++;
    if (points > max) break;
  }
  if (points <= max) return text;
  let kept = 0;
  let end = 0;
  for (const { segment, index } of graphemes.segment(text)) {
    const size = [...segment].length;
    if (kept + size > max - 1) break;
    kept += size;
    end = index + segment.length;
  }
  return `${text.slice(0, end).trimEnd()}${ELLIPSIS}`;
}
