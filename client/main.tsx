import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { preloadPage } from './app/router.tsx';
import './index.css';
import { appStylesReady } from './lib/app-styles.ts';
import { metaQuery, userQuery } from './lib/auth.ts';
import { dropPageReads, sessionHinted, startPageReads } from './lib/first-reads.ts';
import { queryClient } from './lib/queryClient.ts';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

preloadPage(window.location.pathname);
// The sign-in check and the installation's facts are taken now (a signed-in page's HTML started them),
// not once React has rendered and mounted its first queries.
// The page's data starts now when the page came with a session cookie, else once the check says signed in:
// either way while React builds the first screen.
if (sessionHinted()) startPageReads(window.location.pathname);
void queryClient.prefetchQuery(userQuery).then(() => {
  if (queryClient.getQueryData(userQuery.queryKey)) startPageReads(window.location.pathname);
  else dropPageReads();
});
void queryClient.prefetchQuery(metaQuery);
// In a transition, React builds the first screen in slices that leave the main thread free between them,
// instead of one task (issue 14: total blocking time on slower machines).
// Once the stylesheet is in (client/lib/app-styles.ts): the shell shows meanwhile, never an unstyled app.
void appStylesReady().then(() =>
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  }),
);
