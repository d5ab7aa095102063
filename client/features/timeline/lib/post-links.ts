// Turns post and comment text into text and link pieces, so links render as <a> elements built from text
// (never as HTML). Only absolute http(s) URLs become links.
export type TextPiece = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const URL_PATTERN = /https?:\/\/[^\s<>"'`]+/gi;
/** Punctuation that usually ends the sentence around a link rather than the link itself. */
const TRAILING = /[.,;:!?*_~]+$|[)\]}]$/;

/** Drops sentence punctuation and unbalanced closing brackets from the end of a matched URL. */
function trimUrl(url: string): string {
  let out = url;
  for (;;) {
    const match = TRAILING.exec(out);
    if (!match) return out;
    const tail = match[0];
    if (tail.length === 1 && ')]}'.includes(tail)) {
      const open = { ')': '(', ']': '[', '}': '{' }[tail]!;
      const opens = out.split(open).length - 1;
      const closes = out.split(tail).length - 1;
      if (opens >= closes) return out;
    }
    out = out.slice(0, -tail.length);
  }
}

function safeHref(candidate: string): string | undefined {
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

export function splitLinks(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let last = 0;
  const push = (piece: TextPiece) => {
    const prev = pieces[pieces.length - 1];
    if (piece.kind === 'text' && prev?.kind === 'text') prev.text += piece.text;
    else if (piece.text) pieces.push(piece);
  };
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index;
    const url = trimUrl(match[0]);
    const href = url.length > 'https://'.length ? safeHref(url) : undefined;
    if (!href) continue;
    push({ kind: 'text', text: text.slice(last, start) });
    push({ kind: 'link', text: url, href });
    last = start + url.length;
  }
  push({ kind: 'text', text: text.slice(last) });
  return pieces;
}
