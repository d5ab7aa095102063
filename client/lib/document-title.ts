// Each route names itself in the tab and history (DECISIONS §2): "Garden Club · Threadline".
import * as React from 'react';

export const APP_NAME = 'Threadline';

export const documentTitle = (page?: string | null): string => (page ? `${page} · ${APP_NAME}` : APP_NAME);

export function useDocumentTitle(page?: string | null) {
  React.useEffect(() => {
    document.title = documentTitle(page);
  }, [page]);
}
