import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './i18n';
import './styles.css';
import { App } from './app/App';
import { bootstrapLoginCode } from './features/accounts/loginCode';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');
// A login redirect's `?code=` leaves the address bar before the console renders, then signs in.
void bootstrapLoginCode(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
