// Upload file states and the dialog's overall state (spec 001 §4).
export const UPLOAD_STATES = [
  'waiting',
  'preprocessing',
  'uploading',
  'postprocessing',
  'paused',
  'complete',
  'error',
] as const;
export type UploadState = (typeof UPLOAD_STATES)[number];

/**
 * Any error gives error; all complete gives complete; all paused gives paused; any started but unfinished
 * gives uploading; otherwise (nothing started yet, or no files) waiting.
 */
export function aggregateState(states: readonly UploadState[]): UploadState {
  if (states.length === 0) return 'waiting';
  if (states.includes('error')) return 'error';
  if (states.every((s) => s === 'complete')) return 'complete';
  if (states.every((s) => s === 'paused')) return 'paused';
  if (states.some((s) => s !== 'waiting')) return 'uploading';
  return 'waiting';
}

export const STATE_LABELS: Record<UploadState, string> = {
  waiting: 'Waiting',
  preprocessing: 'Compressing',
  uploading: 'Uploading',
  postprocessing: 'Processing',
  paused: 'Paused',
  complete: 'Complete',
  error: 'Failed',
};
