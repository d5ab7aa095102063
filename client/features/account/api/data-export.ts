import { useMutation } from '@tanstack/react-query';
import { EXPORT_PREPARING, type ExportDirect } from '../../../../common/account.ts';
import { handleUnauthorized, isUnauthorizedError } from '../../../lib/authUtils.ts';
import { throwIfResNotOk } from '../../../lib/queryClient.ts';
import { toast } from '../../../lib/use-toast.ts';

export type DataExportStart =
  /** A small account: the browser downloads the ZIP from here itself, as the server streams it. */
  | { download: string }
  /** A large account: being prepared in the background; a mail brings the link (202). */
  | { preparing: string };

/**
 * GET /api/me/export asked for JSON (issue 26): whether the ZIP can be downloaded at once or is prepared in
 * the background. Only the answer is read here, never the archive: the caller lets the browser download it.
 */
export function useStartDataExport() {
  return useMutation({
    mutationFn: async (): Promise<DataExportStart> => {
      const res = await fetch('/api/me/export', {
        headers: { Accept: 'application/json' },
        credentials: 'include',
      });
      await throwIfResNotOk(res);
      const body = (await res.json()) as Partial<ExportDirect> & { message?: unknown };
      if (res.status === 202) {
        return {
          preparing: typeof body.message === 'string' && body.message ? body.message : EXPORT_PREPARING,
        };
      }
      return { download: typeof body.download === 'string' ? body.download : '/api/me/export' };
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) handleUnauthorized(toast);
    },
  });
}
