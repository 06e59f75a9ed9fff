import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';
import { currentAppBridge } from './app-bridge';

// A lazy page's first render (chunk, Polaris, the fake server) can pass 1 s on a loaded 2-core
// machine while the server suite and the journeys run beside it (CI saw 5-7.5 s), so findBy*
// waits up to 20 s. It is only a ceiling: a page that renders returns at once, and one that never
// does still fails.
configure({ asyncUtilTimeout: 20_000 });

// Polaris reads media queries and observes sizes; jsdom implements neither.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!globalThis.ResizeObserver) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
window.scrollTo = () => {};
// Polaris' listbox (Autocomplete, Combobox) scrolls its active option into view.
if (!Element.prototype.scrollBy) Element.prototype.scrollBy = () => {};
// Polaris' Listbox scrolls its active option from a 50 ms debounce it does not cancel on unmount:
// a file's last test can leave one that fires after the file's jsdom (and its
// requestAnimationFrame) is gone. Let such timers run while the environment is still there.
afterAll(() => new Promise((resolve) => setTimeout(resolve, 300)));

afterEach(() => {
  cleanup();
  currentAppBridge()?.dispose();
  sessionStorage.clear();
});
