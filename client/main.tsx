import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { preloadPage } from './app/router.tsx';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

preloadPage(window.location.pathname);
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
