// A failed call's toast (spec 000 §8, 001 §8): a 401 signs the user in again, anything else shows `content`.
import { handleUnauthorized, isUnauthorizedError } from './authUtils.ts';
import { toast } from './use-toast.ts';

export interface ToastContent {
  title: string;
  description: string;
}

export function notifyFailure(error: unknown, content: ToastContent): void {
  if (isUnauthorizedError(error)) {
    handleUnauthorized(toast);
    return;
  }
  toast({ ...content, variant: 'destructive' });
}
