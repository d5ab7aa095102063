// The query of a list answered page by page (issue 23; common/limits.ts LIST_PAGE_SIZE): `cursor` is what
// the previous page's X-Next-Cursor header said, absent for the first page. The server checks its form.
import { z } from 'zod';

export const listPageQuery = z.object({ cursor: z.string().max(100).optional() });
export type ListPageQuery = z.infer<typeof listPageQuery>;
