import type { NavLink, SaveBarButton, SaveBarState } from './protocol';

/** The admin page's own parts (rendered by the server, filled in here), found by id. */
function part<E extends HTMLElement>(id: string): E {
  const element = document.getElementById(id);
  if (!element) throw new Error(`The admin frame page has no #${id}`);
  return element as E;
}

export const parts = {
  frame: part<HTMLIFrameElement>('app-frame'),
  navApp: part<HTMLAnchorElement>('nav-app'),
  navItems: part<HTMLUListElement>('nav-items'),
  menuToggle: part<HTMLButtonElement>('menu-toggle'),
  title: part<HTMLHeadingElement>('title'),
  loadingBar: part<HTMLDivElement>('loading-bar'),
  saveBar: part<HTMLDivElement>('save-bar'),
  save: part<HTMLButtonElement>('save-bar-save'),
  discard: part<HTMLButtonElement>('save-bar-discard'),
  toasts: part<HTMLDivElement>('toasts'),
};

/** The menu the app declared in `<ui-nav-menu>`; links keep real hrefs for "open in new tab". */
export function renderNav(items: NavLink[], adminHref: (href: string) => string): void {
  parts.navItems.replaceChildren(
    ...items.map((item) => {
      const anchor = document.createElement('a');
      anchor.href = adminHref(item.href);
      anchor.dataset.appHref = item.href;
      anchor.textContent = item.label;
      const li = document.createElement('li');
      li.append(anchor);
      return li;
    }),
  );
}

/**
 * Marks the item whose admin path is the longest prefix of the admin's path, as Shopify's admin
 * does; the app's name is marked when no item matches (its home).
 */
export function markSelectedNav(adminPath: string): void {
  let best: HTMLAnchorElement | null = null;
  let bestLength = -1;
  for (const anchor of parts.navItems.querySelectorAll('a')) {
    anchor.removeAttribute('aria-current');
    const path = anchor.pathname.replace(/\/$/, '');
    const matches = adminPath === path || adminPath.startsWith(`${path}/`);
    if (matches && path.length > bestLength) {
      best = anchor;
      bestLength = path.length;
    }
  }
  best?.setAttribute('aria-current', 'page');
  parts.navApp.toggleAttribute('aria-current', best === null);
}

export function renderTitle(title: string, appName: string, shopName: string): void {
  parts.title.textContent = title || appName;
  document.title = [title, appName, shopName].filter(Boolean).join(' · ');
}

function renderButton(button: HTMLButtonElement, state: SaveBarButton | null, fallback: string) {
  button.hidden = state === null;
  button.textContent = state?.label || fallback;
  button.disabled = !state || state.disabled || state.loading;
  button.classList.toggle('loading', state?.loading ?? false);
  button.setAttribute('aria-busy', String(state?.loading ?? false));
}

/** Shows the first visible save bar of the app (Shopify shows one at a time). */
export function renderSaveBar(bars: Iterable<SaveBarState>): SaveBarState | null {
  const shown = [...bars].find((bar) => bar.visible) ?? null;
  parts.saveBar.hidden = shown === null;
  document.body.classList.toggle('save-bar-open', shown !== null);
  renderButton(parts.save, shown?.save ?? null, 'Save');
  renderButton(parts.discard, shown?.discard ?? null, 'Discard');
  return shown;
}

/** While changes are unsaved, leaving is refused and the save bar shakes, as in Shopify. */
export function shakeSaveBar(): void {
  parts.saveBar.classList.remove('shake');
  void parts.saveBar.offsetWidth; // restart the animation
  parts.saveBar.classList.add('shake');
}

/** Draws one toast; its timing and order are the toast queue's (toast-queue.ts). */
export function showToast(
  id: string,
  message: string,
  isError: boolean,
  onDismiss: () => void,
): void {
  hideToast(id);
  const toast = document.createElement('div');
  toast.className = isError ? 'toast toast-error' : 'toast';
  toast.dataset.toastId = id;
  toast.setAttribute('role', isError ? 'alert' : 'status');
  const text = document.createElement('span');
  text.textContent = message;
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'toast-close';
  close.setAttribute('aria-label', 'Dismiss');
  close.textContent = '×';
  close.addEventListener('click', onDismiss);
  toast.append(text, close);
  parts.toasts.append(toast);
}

export function hideToast(id: string): void {
  for (const toast of parts.toasts.querySelectorAll<HTMLElement>('.toast')) {
    if (toast.dataset.toastId === id) toast.remove();
  }
}

export function renderLoading(on: boolean): void {
  parts.loadingBar.classList.toggle('active', on);
  parts.loadingBar.setAttribute('aria-hidden', String(!on));
}
