import { z } from 'zod';
import {
  BANNER_TEXT_MAX,
  CLIENT_ID_MAX,
  MENU_HANDLE_MAX,
  NAME_MAX,
  SUPPORT_URL_MAX,
} from './limits';
import { MOBILE_MESSAGES as M } from './messages';

/** Field rules of spec 03 §5, shared by the admin's forms and the server's schemas. */

/** '#' and six hex digits (the spec's "alphanumeric" taken as what a colour can be). */
export const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

export const isHexColour = (value: string) => HEX_COLOUR.test(value);

/** On blur: 'https://' goes in front of anything that does not start with http. */
export function normaliseSupportUrl(value: string): string {
  const trimmed = value.trim();
  if (trimmed === '' || /^http/i.test(trimmed)) return trimmed;
  return `https://${trimmed}`;
}

const HTTP_URL = z.url({ protocol: /^https?$/, hostname: z.regexes.domain });

/** The support URL's message, or null when it is fine. */
export function supportUrlError(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return M.required;
  if (trimmed.length > SUPPORT_URL_MAX) return `Maximum ${SUPPORT_URL_MAX} characters`;
  return HTTP_URL.safeParse(trimmed).success ? null : M.invalidUrl;
}

/** Inventory display: 1..99; empty, 0 or negative is invalid (a negative says so too). */
export function inventoryLimitErrors(raw: string): string[] {
  const value = Number(raw.trim());
  if (raw.trim() === '' || !Number.isFinite(value)) return [M.invalidInput];
  if (value < 0) return [M.invalidInput, M.negativeInventory];
  if (value === 0 || !Number.isInteger(value) || value > 99) return [M.invalidInput];
  return [];
}

export const requiredName = z
  .string()
  .trim()
  .min(1, M.required)
  .max(NAME_MAX, `Maximum ${NAME_MAX} characters`);

export const supportUrlSchema = z
  .string()
  .transform(normaliseSupportUrl)
  .superRefine((value, ctx) => {
    const error = supportUrlError(value);
    if (error) ctx.addIssue({ code: 'custom', message: error });
  });

export const hexColourSchema = z.string().trim().regex(HEX_COLOUR, M.invalidHex);
export const bannerTextSchema = z
  .string()
  .trim()
  .min(1, M.requiredField)
  .max(BANNER_TEXT_MAX, `Maximum ${BANNER_TEXT_MAX} characters`);
/** A menu handle, or '' for none. */
export const menuHandleSchema = z
  .string()
  .trim()
  .max(MENU_HANDLE_MAX, `Maximum ${MENU_HANDLE_MAX} characters`)
  .regex(/^[a-z0-9-]*$/, 'A menu handle has lowercase letters, digits and dashes');
export const clientIdSchema = z
  .string()
  .trim()
  .min(1, M.invalidClientId)
  .max(CLIENT_ID_MAX, M.invalidClientId);
export const collectionGidSchema = z
  .string()
  .regex(/^gid:\/\/shopify\/Collection\/\d+$/, M.selectCollection);
