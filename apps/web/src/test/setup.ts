import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { i18nReady, loadNamespaces, NAMESPACES } from '../i18n';

// antd reads these browser APIs, which happy-dom leaves out or stubs.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

// The console loads strings on demand; tests render any component at once, so every namespace is in.
await i18nReady;
await loadNamespaces(NAMESPACES);

afterEach(() => {
  cleanup();
  localStorage.clear();
});
