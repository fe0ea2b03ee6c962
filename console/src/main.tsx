import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.js';
import { ARABIC, ENGLISH, ErrorBoundary } from './common/ErrorBoundary.js';
import { languageStore } from './i18n/language-store.js';

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <ErrorBoundary words={() => (languageStore.get() === 'ar' ? ARABIC : ENGLISH)}>
        <App />
      </ErrorBoundary>
    </StrictMode>,
  );
