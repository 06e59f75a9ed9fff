/**
 * The messages the local App Bridge (inside the app's iframe) and the admin frame page exchange
 * with `postMessage`. Every message carries `channel` so either side ignores unrelated traffic
 * (browser extensions, the app's own messages); origins and sources are checked on receipt.
 */
export const CHANNEL = 'popstage-sandbox-app-bridge';

export interface NavLink {
  label: string;
  /** The link's href as written in the app (an app path such as `/popclips/list`). */
  href: string;
}

export interface SaveBarButton {
  label: string;
  loading: boolean;
  disabled: boolean;
}

export interface SaveBarState {
  id: string;
  visible: boolean;
  save: SaveBarButton | null;
  discard: SaveBarButton | null;
}

/** From the app (App Bridge) to the admin page. */
export type AppMessage =
  /** A new document in the iframe: state the previous one reported is gone. */
  | { kind: 'ready' }
  | { kind: 'idToken'; requestId: number; apiKey: string }
  | { kind: 'toast'; id: string; message: string; duration: number; isError: boolean }
  | { kind: 'toastHide'; id: string }
  | { kind: 'nav'; home: NavLink | null; items: NavLink[] }
  | { kind: 'title'; title: string }
  | { kind: 'saveBar'; state: SaveBarState }
  | { kind: 'location'; path: string }
  | { kind: 'redirect'; url: string }
  | { kind: 'loading'; on: boolean };

/** From the admin page to the app. */
export type AdminMessage =
  | { kind: 'idToken'; requestId: number; token: string }
  | { kind: 'idTokenError'; requestId: number; message: string }
  | { kind: 'saveBarAction'; id: string; action: 'save' | 'discard' }
  | { kind: 'navigate'; href: string };

export type Envelope<M> = M & { channel: typeof CHANNEL };

export function wrap<M extends AppMessage | AdminMessage>(message: M): Envelope<M> {
  return { ...message, channel: CHANNEL };
}

/** Narrows incoming `MessageEvent.data`; the kind is checked by each side's switch. */
export function isEnvelope<M>(data: unknown): data is Envelope<M> {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { channel?: unknown }).channel === CHANNEL &&
    typeof (data as { kind?: unknown }).kind === 'string'
  );
}
