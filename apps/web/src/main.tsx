import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { i18nReady } from './i18n';
import './styles.css';
import { App } from './app/App';
import { bootstrapLoginCode } from './features/accounts/loginCode';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');
// A login redirect's `?code=` leaves the address bar at once; the console renders once the current
// language's core strings are in (no untranslated key ever shows) and it is known what the code leads to:
// spent already, or a question to a signed-out browser ("Sign in as …?") that only Continue spends.
void bootstrapLoginCode(
  (loginCode) =>
    createRoot(root).render(
      <StrictMode>
        <App loginCode={loginCode} />
      </StrictMode>,
    ),
  i18nReady,
);
