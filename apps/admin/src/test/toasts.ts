import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/** Texts of the toasts on screen (the sandbox host draws Polaris toasts). */
export function toastTexts(): string[] {
  return [...document.querySelectorAll('.Polaris-Frame-Toast')].map((toast) =>
    (toast.textContent ?? '').trim(),
  );
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
