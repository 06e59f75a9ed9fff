import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { currentAppBridge } from './app-bridge';

/** Texts of the toasts showing (App Bridge shows them in the admin, outside the app). */
export function toastTexts(): string[] {
  return (currentAppBridge()?.toasts ?? []).map((toast) => toast.message);
}

export async function expectToast(text: string): Promise<void> {
  await waitFor(() => expect(toastTexts()).toContain(text));
}

export const pageTitle = (name: string) => screen.findByRole('heading', { level: 1, name });

/** Polaris marks a disabled button with aria-disabled, and draws a disabled url button as an
 * `<a>` without href. */
export const isDisabled = (element: HTMLElement) =>
  element.getAttribute('aria-disabled') === 'true' ||
  element.hasAttribute('disabled') ||
  (element.tagName === 'A' && !element.hasAttribute('href'));
