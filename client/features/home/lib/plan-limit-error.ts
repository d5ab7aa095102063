// Plan-limit fields of a 403 answer (DECISIONS §4).
import { errorBody } from '../../../lib/authUtils.ts';

/** The `limit` of a 403 plan-limit answer (DECISIONS §4). */
export function errorLimit(error: unknown): number | undefined {
  const limit = errorBody(error)?.limit;
  return typeof limit === 'number' && Number.isFinite(limit) ? limit : undefined;
}

export const isPlanUpgradeRequired = (error: unknown): boolean =>
  errorBody(error)?.planUpgradeRequired === true;
