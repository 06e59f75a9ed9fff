import { useEffect, useState } from 'react';
import { EMPTY_SETUP_FORM, type SetupForm } from './setup-form';

/**
 * The Setup form before submission, kept in the browser per shop, so moving between tabs or
 * reloading does not lose what the merchant typed (the server keeps only the submitted request).
 */
export function useSetupDraft(shop: string) {
  const key = `popstage:mobile-setup:${shop}`;
  const [draft, setDraft] = useState<SetupForm>(() => {
    try {
      const stored = window.localStorage.getItem(key);
      return stored
        ? { ...EMPTY_SETUP_FORM, ...(JSON.parse(stored) as Partial<SetupForm>) }
        : EMPTY_SETUP_FORM;
    } catch {
      return EMPTY_SETUP_FORM;
    }
  });
  useEffect(() => {
    try {
      window.localStorage.setItem(key, JSON.stringify(draft));
    } catch {
      // Storage full or blocked (private mode): the draft lives as long as the page.
    }
  }, [key, draft]);
  const clear = () => {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // As above.
    }
  };
  return [draft, setDraft, clear] as const;
}
