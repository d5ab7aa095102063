// The server's excerpt (HTML whose only tags are <mark> and </mark>, everything else escaped) as text
// segments. The client never injects it as HTML: whatever else it held would render as plain text.

export interface ExcerptSegment {
  text: string;
  mark: boolean;
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};

const decode = (html: string) => html.replace(/&(?:amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e]!);

/** Text and marked runs in order; an unclosed mark runs to the end, a stray </mark> is dropped. */
export function excerptSegments(html: string): ExcerptSegment[] {
  const segments: ExcerptSegment[] = [];
  let mark = false;
  for (const part of html.split(/(<\/?mark>)/)) {
    if (part === '<mark>') mark = true;
    else if (part === '</mark>') mark = false;
    else if (part) {
      const text = decode(part);
      const last = segments.at(-1);
      if (last && last.mark === mark) last.text += text;
      else segments.push({ text, mark });
    }
  }
  return segments;
}
