// The JSON body inside an apiRequest error ("403: {...}"), for fields beyond `message`.

export function errorBody(error: unknown): Record<string, unknown> | undefined {
  if (!(error instanceof Error)) return undefined;
  const match = /^\d{3}: ([\s\S]*)$/.exec(error.message);
  if (!match) return undefined;
  try {
    const parsed: unknown = JSON.parse(match[1]!);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** The `limit` of a 403 plan-limit answer (DECISIONS §4). */
export function errorLimit(error: unknown): number | undefined {
  const limit = errorBody(error)?.limit;
  return typeof limit === 'number' && Number.isFinite(limit) ? limit : undefined;
}

export const isPlanUpgradeRequired = (error: unknown): boolean =>
  errorBody(error)?.planUpgradeRequired === true;
