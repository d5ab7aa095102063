// A word diff between two versions of a text (issue 24's History dialog): the words removed from `before`
// and added in `after`, with what stayed, in reading order. Whitespace runs are tokens too, so joining the
// `same` and `added` parts gives `after` back exactly, and `same` and `removed` give `before`.

export type DiffPart = { kind: 'same' | 'added' | 'removed'; text: string };

const tokens = (text: string) => text.split(/(\s+)/).filter(Boolean);

/** Longest common subsequence over tokens, after taking off the common head and tail (edits are local). */
export function wordDiff(before: string, after: string): DiffPart[] {
  const a = tokens(before);
  const b = tokens(after);
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (
    tail < a.length - head &&
    tail < b.length - head &&
    a[a.length - 1 - tail] === b[b.length - 1 - tail]
  ) {
    tail++;
  }
  const x = a.slice(head, a.length - tail);
  const y = b.slice(head, b.length - tail);
  // lcs[i][j]: the longest common run of x[i..] and y[j..], one flat array.
  const w = y.length + 1;
  const lcs = new Uint32Array((x.length + 1) * w);
  for (let i = x.length - 1; i >= 0; i--) {
    for (let j = y.length - 1; j >= 0; j--) {
      lcs[i * w + j] =
        x[i] === y[j] ? lcs[(i + 1) * w + j + 1]! + 1 : Math.max(lcs[(i + 1) * w + j]!, lcs[i * w + j + 1]!);
    }
  }
  const parts: DiffPart[] = [];
  const push = (kind: DiffPart['kind'], text: string) => {
    const last = parts.at(-1);
    if (last?.kind === kind) last.text += text;
    else parts.push({ kind, text });
  };
  if (head) push('same', a.slice(0, head).join(''));
  let i = 0;
  let j = 0;
  while (i < x.length || j < y.length) {
    if (i < x.length && j < y.length && x[i] === y[j]) {
      push('same', x[i]!);
      i++;
      j++;
    } else if (i < x.length && (j === y.length || lcs[(i + 1) * w + j]! >= lcs[i * w + j + 1]!)) {
      // Removed before added, so a replaced word reads "old, then new".
      push('removed', x[i]!);
      i++;
    } else {
      push('added', y[j]!);
      j++;
    }
  }
  if (tail) push('same', a.slice(a.length - tail).join(''));
  return grouped(parts);
}

/**
 * Reads as "old words, then new words": a space kept between two changes joins them, and each run of changes
 * becomes its removed text followed by its added text ("quick brown" -> "slow red", not word by word).
 */
function grouped(parts: DiffPart[]): DiffPart[] {
  const out: DiffPart[] = [];
  let run: DiffPart[] = [];
  const flush = () => {
    const removed = run
      .filter((p) => p.kind !== 'added')
      .map((p) => p.text)
      .join('');
    const added = run
      .filter((p) => p.kind !== 'removed')
      .map((p) => p.text)
      .join('');
    if (removed) out.push({ kind: 'removed', text: removed });
    if (added) out.push({ kind: 'added', text: added });
    run = [];
  };
  parts.forEach((part, i) => {
    const between = run.length > 0 && parts[i + 1] !== undefined && parts[i + 1]!.kind !== 'same';
    if (part.kind !== 'same' || (between && /^\s+$/.test(part.text))) {
      run.push(part);
      return;
    }
    flush();
    out.push(part);
  });
  flush();
  return out;
}

/** How many words were added and removed (whitespace not counted), for a version's summary line. */
export function diffCounts(parts: DiffPart[]): { added: number; removed: number } {
  const words = (text: string) => tokens(text).filter((t) => !/^\s+$/.test(t)).length;
  let added = 0;
  let removed = 0;
  for (const p of parts) {
    if (p.kind === 'added') added += words(p.text);
    if (p.kind === 'removed') removed += words(p.text);
  }
  return { added, removed };
}
