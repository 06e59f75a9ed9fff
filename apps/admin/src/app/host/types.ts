import type { NavigationItem } from '@popstage/core/routing';
import type { ReactNode } from 'react';

export type HostKind = 'sandbox' | 'shopify';

export interface ToastOptions {
  /** Shows the toast in the critical style. */
  error?: boolean;
}

export interface SaveBarOptions {
  message?: string;
  onSave: () => void;
  onDiscard: () => void;
  saving?: boolean;
  saveDisabled?: boolean;
}

/** What pages may ask of the surrounding admin; they never talk to App Bridge directly. */
export interface HostApi {
  kind: HostKind;
  shopDomain: string;
  showToast(message: string, options?: ToastOptions): void;
  /** Takes down the error toasts still showing: a failure the merchant has since put right
   * (a save that now worked) must not stay over what comes next. */
  hideErrorToasts(): void;
  setTitle(title: string): void;
  setNavigation(items: readonly NavigationItem[]): void;
  showSaveBar(options: SaveBarOptions): void;
  hideSaveBar(): void;
  /** Leaves the app for a top-level page (billing confirmation, external dashboards). */
  redirectTop(url: string): void;
}

export interface TokenRequest {
  /** Skip any cached token (after a 401). */
  forceRefresh?: boolean;
}

/** Where the admin runs, decided once at start-up (see create-host.ts). */
export interface Host {
  kind: HostKind;
  shopDomain: string;
  getSessionToken(request?: TokenRequest): Promise<string>;
  /** Wraps the app in the host's chrome, which provides HostApi to everything inside. */
  renderFrame(children: ReactNode): ReactNode;
}
