import type { AppBridgeGlobal } from '../app/host/shopify/app-bridge-types';

/**
 * App Bridge for the admin's tests, standing in for the admin around the app as the local
 * Shopify's admin frame does (apps/shopify-sandbox/src/admin-frame): App Bridge's elements stay
 * hidden in the app; toasts are kept for `toastTexts()` until their duration ends; a shown save
 * bar is drawn outside the app's root and its buttons press the app's `<ui-save-bar>` buttons.
 */
export interface TestAppBridge extends AppBridgeGlobal {
  /** The toasts showing now, oldest first. */
  readonly toasts: readonly { message: string; isError: boolean; duration: number }[];
  /** Tears down the save bar it drew; called between tests. */
  dispose(): void;
}

let current: TestAppBridge | null = null;

/** The App Bridge of the admin rendered last (what the test helpers read toasts from). */
export function currentAppBridge(): TestAppBridge | null {
  return current;
}

/** App Bridge's elements render nothing in the app: the admin draws the menu, title and bar. */
class HiddenElement extends HTMLElement {
  connectedCallback(): void {
    this.hidden = true;
  }
}

function defineElements(): void {
  for (const name of ['ui-nav-menu', 'ui-title-bar', 'ui-save-bar']) {
    if (!customElements.get(name)) customElements.define(name, class extends HiddenElement {});
  }
}

/** The app's `<ui-save-bar>` buttons: the `variant="primary"` one saves, the other discards. */
function pressSaveBarButton(id: string, action: 'save' | 'discard'): void {
  const buttons = [...(document.getElementById(id)?.querySelectorAll('button') ?? [])];
  const save = buttons.find((button) => button.getAttribute('variant') === 'primary');
  const button = action === 'save' ? save : buttons.find((b) => b !== save);
  // Refused like a real click while disabled or saving, as the admin frame does.
  if (button && !button.disabled && !button.hasAttribute('loading')) button.click();
}

function drawSaveBar(id: string): HTMLElement {
  const bar = document.createElement('div');
  bar.setAttribute('role', 'region');
  bar.setAttribute('aria-label', 'Unsaved changes');
  bar.dataset.saveBar = id;
  const message = document.createElement('p');
  message.textContent = 'Unsaved changes';
  bar.append(message);
  for (const [label, action] of [
    ['Discard', 'discard'],
    ['Save', 'save'],
  ] as const) {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = label;
    button.addEventListener('click', () => pressSaveBarButton(id, action));
    bar.append(button);
  }
  document.body.append(bar);
  return bar;
}

export function createTestAppBridge(shop: string, token: string): TestAppBridge {
  defineElements();
  current?.dispose();
  const toasts: { id: string; message: string; isError: boolean; duration: number }[] = [];
  const bars = new Map<string, HTMLElement>();
  let nextToast = 1;
  const bridge: TestAppBridge = {
    config: {
      shop,
      apiKey: 'test-api-key',
      host: 'YWRtaW4uc2hvcGlmeS5jb20vc3RvcmUvZGVtby1zdG9yZQ',
    },
    idToken: async () => token,
    toasts,
    toast: {
      show(message, options = {}) {
        const id = `toast-${nextToast++}`;
        const duration = options.duration ?? 5000;
        toasts.push({ id, message, isError: options.isError ?? false, duration });
        setTimeout(() => {
          const index = toasts.findIndex((toast) => toast.id === id);
          if (index >= 0) toasts.splice(index, 1);
        }, duration);
        return id;
      },
      hide(id) {
        const index = toasts.findIndex((toast) => toast.id === id);
        if (index >= 0) toasts.splice(index, 1);
      },
    },
    saveBar: {
      show: async (id) => {
        if (!bars.has(id)) bars.set(id, drawSaveBar(id));
      },
      hide: async (id) => {
        bars.get(id)?.remove();
        bars.delete(id);
      },
    },
    dispose() {
      for (const bar of bars.values()) bar.remove();
      bars.clear();
      if (current === bridge) current = null;
    },
  };
  current = bridge;
  return bridge;
}
