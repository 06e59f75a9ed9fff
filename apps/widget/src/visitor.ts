import { SIGNED_VISITOR_ID, visitorIdExpiresAt } from '@popstage/core/storefront';

const VISITOR_KEY = 'popstage:visitor';
const SESSION_KEY = 'popstage:session';
/** Ids are renewed (same visitor) within this time of their expiry. */
const RENEW_BEFORE_MS = 2 * 86_400_000;

function randomId(): string {
  const c = globalThis.crypto;
  if (c?.randomUUID) return c.randomUUID();
  const bytes = new Uint8Array(16);
  if (c?.getRandomValues) c.getRandomValues(bytes);
  else for (let i = 0; i < 16; i++) bytes[i] = Math.floor(Math.random() * 256);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function read(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}

function write(storage: () => Storage, key: string, value: string): void {
  try {
    storage().setItem(key, value);
  } catch {
    // Storage blocked (privacy mode, sandboxed iframe): kept for this page only.
  }
}

/**
 * The shopper as the app knows her: an id the app issued and signed for this shop (the server
 * refuses events of any other), asked for once and kept in localStorage per shop, nothing
 * personal in it. Nothing is asked or stored before analytics are allowed (the widget calls
 * `ensure` only then).
 */
export class Visitor {
  /** The signed id ('' until known): what events and likes carry. */
  signed = '';
  private asking: Promise<string> | null = null;

  constructor(
    private readonly shop: string,
    private readonly issue: (renewing: string | null) => Promise<string | null>,
  ) {}

  private get key(): string {
    return `${VISITOR_KEY}:${this.shop}`;
  }

  /** The stored id (renewed near its expiry), or a new one; '' when the app cannot be reached. */
  ensure(): Promise<string> {
    if (this.signed) return Promise.resolve(this.signed);
    this.asking ??= (async () => {
      const stored = read(() => localStorage, this.key);
      const valid = stored && SIGNED_VISITOR_ID.test(stored) ? stored : null;
      const expiresAt = valid ? visitorIdExpiresAt(valid) : 0;
      // An id near its expiry is renewed for the same visitor; if the app cannot answer, it is
      // used while it lasts.
      const id =
        valid && expiresAt - Date.now() > RENEW_BEFORE_MS
          ? valid
          : ((await this.issue(valid)) ?? (expiresAt > Date.now() ? valid : null));
      if (id) {
        this.signed = id;
        write(() => localStorage, this.key, id);
      }
      this.asking = null;
      return this.signed;
    })();
    return this.asking;
  }

  /** The visitor as carts, orders and the holdout name it: the id before its signature. */
  get name(): string {
    return this.signed.slice(0, Math.max(0, this.signed.lastIndexOf('.')));
  }
}

/** A random id per browser tab session. */
export function sessionId(): string {
  const existing = read(() => sessionStorage, SESSION_KEY);
  if (existing && /^[\w-]{8,64}$/.test(existing)) return existing;
  const id = randomId();
  write(() => sessionStorage, SESSION_KEY, id);
  return id;
}
