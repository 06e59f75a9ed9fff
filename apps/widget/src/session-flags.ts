/** Set when the shopper closes the featured bubble: it stays away for the browser session. */
export const FEATURED_DISMISSED = 'popstage:featured-dismissed';

export function sessionFlag(key: string): boolean {
  try {
    return sessionStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}

export function setSessionFlag(key: string): void {
  try {
    sessionStorage.setItem(key, '1');
  } catch {
    // not kept: the bubble comes back on the next page
  }
}
