import { emptyThemeState, type ThemeState } from './theme-state';

/** Where each shop's theme state is kept: a shop never saved has the empty theme. */
export interface ThemeStateStore {
  load(shop: string): Promise<ThemeState>;
  save(shop: string, state: ThemeState): Promise<void>;
}

/** Kept in process memory: for tests, and a sandbox that may forget its themes on restart. */
export function createInMemoryThemeStateStore(): ThemeStateStore {
  const states = new Map<string, ThemeState>();
  return {
    // Copies in and out, so a caller's changes to an object never reach the store unsaved.
    load: async (shop) => structuredClone(states.get(shop) ?? emptyThemeState()),
    save: async (shop, state) => {
      states.set(shop, structuredClone(state));
    },
  };
}
