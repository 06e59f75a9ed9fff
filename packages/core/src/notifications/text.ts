import { z } from 'zod';
import { NOTIFICATION_BODY_MAX, NOTIFICATION_TITLE_MAX } from './limits';
import { NOTIFICATION_MESSAGES as M } from './messages';

/** Double quotes (straight or curly) become single quotes, as the merchant types (spec 03 §2). */
export function singleQuotes(text: string): string {
  return text.replace(/["“”„]/g, "'");
}

/** The title or body error shown under the field, or null. */
export function textError(text: string, max: number): string | null {
  const value = text.trim();
  if (!value) return M.required;
  if (value.length > max) return `Maximum ${max} characters`;
  return null;
}

const text = (max: number) =>
  z
    .string()
    .transform((value) => singleQuotes(value).trim())
    .pipe(z.string().min(1, M.required).max(max, `Maximum ${max} characters`));

export const notificationTitleSchema = text(NOTIFICATION_TITLE_MAX);
export const notificationBodySchema = text(NOTIFICATION_BODY_MAX);
