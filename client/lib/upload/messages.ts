// The upload failures' toast titles (spec 001 §8), shared by the dialog and the composer.
export const UPLOAD_ERROR_TITLE = 'Failed to upload media file';
export const PROCESS_ERROR_TITLE = 'Failed to process uploaded file(s)';
