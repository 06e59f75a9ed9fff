import type { Shop } from '@popstage/core/shop';
import { createContext, type ReactNode, useContext } from 'react';

/** The support button's behaviour: open it, and what it renders (a modal, a widget host). */
export interface SupportSlot {
  open(): void;
  element: ReactNode;
}

/**
 * What features lend the shell without the shell importing them: the route table (the one file
 * that binds features to the shell) provides these.
 */
export interface ShellSlots {
  /** A hook: called once per page frame with the loaded shop. */
  useSupport(shop: Shop): SupportSlot;
  /** A hook: the promo banners of the page (spec 01 §2.5), or null. */
  usePromoBanners(shop: Shop): ReactNode;
}

const noSupport = (): SupportSlot => ({ open: () => {}, element: null });

export const ShellSlotsContext = createContext<ShellSlots>({
  useSupport: noSupport,
  usePromoBanners: () => null,
});

export function useShellSlots(): ShellSlots {
  return useContext(ShellSlotsContext);
}
