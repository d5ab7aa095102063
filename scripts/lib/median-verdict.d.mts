// Types for median-verdict.mjs (plain JavaScript: scripts/budget.mjs runs on Node without a TypeScript loader).
export interface MedianVerdict {
  decided: boolean;
  ok: boolean;
  median: number;
}
export function medianVerdict(scores: number[], target: number, planned: number): MedianVerdict;
