type Attrs = Record<string, string | number | boolean | null | undefined | EventListener>;
type Child = Node | string | null | undefined | false;

/** A small element factory: h('button', { class: 'x', onclick: fn, 'aria-label': 'Play' }, ...). */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (typeof value === 'function') el.addEventListener(name.slice(2), value);
    else el.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children) if (child) el.append(child);
  return el;
}

const FOCUSABLE =
  'a[href],button:not([disabled]),input:not([disabled]),video[controls],[tabindex]:not([tabindex="-1"])';

export function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.hidden);
}

export const reducedMotion = (): boolean =>
  !!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

/** Runs `run` when the browser is idle (within a second), or in 300 ms where it cannot tell. */
export function whenIdle(run: () => unknown): void {
  if ('requestIdleCallback' in window) requestIdleCallback(() => run(), { timeout: 1000 });
  else setTimeout(run, 300);
}
