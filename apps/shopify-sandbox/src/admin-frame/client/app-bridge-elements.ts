import type { AppMessage, NavLink, SaveBarButton } from './protocol';

type Send = (message: AppMessage) => void;

/**
 * App Bridge's custom elements hold no UI of their own: they stay hidden in the app and mirror
 * their children and attributes to the admin page, which draws the real menu, title and save bar.
 * React re-renders them in place, so a MutationObserver (batched to one report per microtask)
 * notices every change to labels, links and button states.
 */
abstract class MirroredElement extends HTMLElement {
  static send: Send = () => {};
  #observer = new MutationObserver(() => this.report());
  #scheduled = false;

  protected abstract state(): AppMessage;
  /** What the admin shows once the element leaves the page. */
  protected abstract cleared(): AppMessage;

  connectedCallback(): void {
    this.style.display = 'none';
    this.#observer.observe(this, {
      childList: true,
      subtree: true,
      attributes: true,
      characterData: true,
    });
    this.report();
  }

  disconnectedCallback(): void {
    this.#observer.disconnect();
    MirroredElement.send(this.cleared());
  }

  report(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    queueMicrotask(() => {
      this.#scheduled = false;
      if (this.isConnected) MirroredElement.send(this.state());
    });
  }
}

function navLink(anchor: HTMLAnchorElement): NavLink {
  return { label: anchor.textContent?.trim() ?? '', href: anchor.getAttribute('href') ?? '/' };
}

/** `<ui-nav-menu>`: its first `rel="home"` link names the app's home; the others are the menu. */
class UiNavMenu extends MirroredElement {
  protected state(): AppMessage {
    const anchors = [...this.querySelectorAll('a')];
    const home = anchors.find((anchor) => anchor.rel === 'home');
    return {
      kind: 'nav',
      home: home ? navLink(home) : null,
      items: anchors.filter((anchor) => anchor !== home).map(navLink),
    };
  }

  protected cleared(): AppMessage {
    return { kind: 'nav', home: null, items: [] };
  }
}

/** `<ui-title-bar title="...">`: the admin shows the title above the app. */
class UiTitleBar extends MirroredElement {
  protected state(): AppMessage {
    return { kind: 'title', title: this.getAttribute('title') ?? '' };
  }

  protected cleared(): AppMessage {
    return { kind: 'title', title: '' };
  }
}

/** Save bars shown by id, also before their element is rendered (`shopify.saveBar.show(id)`). */
export const visibleSaveBars = new Set<string>();

function describeButton(button: HTMLButtonElement | undefined, fallback: string) {
  if (!button) return null;
  return {
    label: button.textContent?.trim() || fallback,
    loading: button.hasAttribute('loading'),
    disabled: button.disabled,
  } satisfies SaveBarButton;
}

/**
 * `<ui-save-bar id>` with a `variant="primary"` button (Save) and another (Discard). The admin's
 * contextual save bar sends the clicks back, and they land on these buttons.
 */
export class UiSaveBar extends MirroredElement {
  get showing(): boolean {
    return visibleSaveBars.has(this.id);
  }

  show(): Promise<void> {
    visibleSaveBars.add(this.id);
    this.report();
    return Promise.resolve();
  }

  hide(): Promise<void> {
    visibleSaveBars.delete(this.id);
    this.report();
    return Promise.resolve();
  }

  toggle(): Promise<void> {
    return this.showing ? this.hide() : this.show();
  }

  /** A click from the admin's save bar; refused like a real click while disabled or loading. */
  press(action: 'save' | 'discard'): void {
    const { save, discard } = this.#buttons();
    const button = action === 'save' ? save : discard;
    if (button && !button.disabled && !button.hasAttribute('loading')) button.click();
  }

  #buttons() {
    const buttons = [...this.querySelectorAll('button')];
    const save = buttons.find((button) => button.getAttribute('variant') === 'primary');
    return { save, discard: buttons.find((button) => button !== save) };
  }

  protected state(): AppMessage {
    const { save, discard } = this.#buttons();
    return {
      kind: 'saveBar',
      state: {
        id: this.id,
        visible: this.showing,
        save: describeButton(save, 'Save'),
        discard: describeButton(discard, 'Discard'),
      },
    };
  }

  protected cleared(): AppMessage {
    return { kind: 'saveBar', state: { id: this.id, visible: false, save: null, discard: null } };
  }
}

export function defineElements(send: Send): void {
  MirroredElement.send = send;
  // A second copy of the script on the page must not throw on an already defined name.
  const elements = {
    'ui-nav-menu': UiNavMenu,
    'ui-title-bar': UiTitleBar,
    'ui-save-bar': UiSaveBar,
  };
  for (const [name, element] of Object.entries(elements)) {
    if (!customElements.get(name)) customElements.define(name, element);
  }
}
