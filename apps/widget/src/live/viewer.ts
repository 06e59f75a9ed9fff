/**
 * The viewer as the live service knows her: a random id (no personal data) and the name she chats
 * under, both kept in localStorage so a reload keeps them; in memory only where storage is blocked.
 */
const VIEWER_KEY = 'popstage:live-viewer';
const NAME_KEY = 'popstage:live-name';
const VALID = /^[A-Za-z0-9_-]{8,64}$/;

let memory: { id?: string; name?: string } = {};

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage blocked: kept for this page.
  }
}

function randomId(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The stored viewer id (the viewer API's viewerIdSchema), or a new one kept from now on. */
export function viewerId(): string {
  const stored = read(VIEWER_KEY) ?? memory.id ?? null;
  if (stored && VALID.test(stored)) return stored;
  const id = randomId();
  memory.id = id;
  write(VIEWER_KEY, id);
  return id;
}

export function chatName(): string {
  return read(NAME_KEY) ?? memory.name ?? '';
}

export function rememberChatName(name: string): void {
  memory.name = name;
  write(NAME_KEY, name);
}

/** Tests: forget what this page kept in memory. */
export function resetViewerMemory(): void {
  memory = {};
}
