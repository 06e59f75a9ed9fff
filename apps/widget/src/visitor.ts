const VISITOR_KEY = 'popstage:visitor';
const SESSION_KEY = 'popstage:session';

function randomId(): string {
  const c = globalThis.crypto;
  if (c?.randomUUID) return c.randomUUID();
  const bytes = new Uint8Array(16);
  if (c?.getRandomValues) c.getRandomValues(bytes);
  else for (let i = 0; i < 16; i++) bytes[i] = Math.floor(Math.random() * 256);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function stored(storage: () => Storage, key: string): string {
  try {
    const existing = storage().getItem(key);
    if (existing && /^[\w-]{8,64}$/.test(existing)) return existing;
    const id = randomId();
    storage().setItem(key, id);
    return id;
  } catch {
    // Storage blocked (privacy mode, sandboxed iframe): an id for this page only.
    return randomId();
  }
}

/** A random id kept in localStorage: the same shopper across visits, nothing personal in it. */
export const visitorId = (): string => stored(() => localStorage, VISITOR_KEY);

/** A random id per browser tab session. */
export const sessionId = (): string => stored(() => sessionStorage, SESSION_KEY);
