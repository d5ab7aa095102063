// The budget's "median of five" (scripts/budget.mjs), decided as soon as the runs so far settle it: the median
// of five is at least the target exactly when three of the five are, so three runs on one side decide it and
// the runs left could not change the verdict. On a slow host whose first runs all miss, that saves two runs of
// each page (about 20 s each there) and changes no verdict.

/**
 * What `scores` (the runs so far, in order) say of the median of `planned` runs against `target`.
 * - decided: no further run can change whether the median reaches the target;
 * - ok: it does (when decided; before that, whether the median of the runs so far does);
 * - median: the median of all `planned` runs when they were all made, else its bound from these runs: when
 *   ok, the median is at least this (the lowest of the best half); when not, at most this.
 */
export function medianVerdict(scores, target, planned) {
  // The median of n is the sorted runs' element floor(n / 2) (the upper one when n is even, as before).
  const middle = Math.floor(planned / 2);
  const toReach = planned - middle;
  const toMiss = middle + 1;
  const reached = scores.filter((s) => s >= target).length;
  const missed = scores.length - reached;
  const sorted = [...scores].sort((a, b) => a - b);
  if (reached >= toReach) return { decided: true, ok: true, median: sorted[sorted.length - toReach] };
  if (missed >= toMiss) return { decided: true, ok: false, median: sorted[toMiss - 1] };
  const median = sorted[Math.floor(sorted.length / 2)];
  return { decided: false, ok: median >= target, median };
}
