import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { i18nReady } from './i18n';
import './styles.css';
import { App } from './app/App';

/** Renders once the current language's core strings are in: no untranslated key ever shows. */
async function start() {
  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element.');
  await i18nReady;
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
