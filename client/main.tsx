import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { preloadPage } from './app/router.tsx';
import './index.css';
import { metaQuery, userQuery } from './lib/auth.ts';
import { startPageReads } from './lib/first-reads.ts';
import { queryClient } from './lib/queryClient.ts';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

preloadPage(window.location.pathname);
// The sign-in check and the installation's facts are taken now (a signed-in page's HTML started them),
// not once React has rendered and mounted its first queries.
void queryClient.prefetchQuery(userQuery).then(() => {
  // Signed in: the page's data starts now, while React builds the first screen.
  if (queryClient.getQueryData(userQuery.queryKey)) startPageReads(window.location.pathname);
});
void queryClient.prefetchQuery(metaQuery);
// In a transition, React builds the first screen in slices that leave the main thread free between them,
// instead of one task (issue 14: total blocking time on slower machines).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
