import type { DetailedHTMLProps, HTMLAttributes } from 'react';

/** The slice of the App Bridge global (`window.shopify`) that ShopifyHost uses. */
export interface AppBridgeGlobal {
  config: { shop?: string; apiKey?: string; host?: string };
  idToken(): Promise<string>;
  toast: {
    show(message: string, options?: { duration?: number; isError?: boolean }): string;
    hide(id: string): void;
  };
  saveBar: { show(id: string): Promise<void>; hide(id: string): Promise<void> };
}

type CustomElement<Extra = object> = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> &
  Extra;

declare module 'react' {
  // App Bridge's custom elements, typed for JSX.
  namespace JSX {
    interface IntrinsicElements {
      'ui-nav-menu': CustomElement;
      'ui-title-bar': CustomElement<{ title?: string }>;
      'ui-save-bar': CustomElement<{ id: string }>;
    }
  }
}
