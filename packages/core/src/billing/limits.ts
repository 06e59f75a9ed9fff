import { formatNumber } from '../format/numbers';
import { LIVE_UNLIMITED_ABOVE, UNLIMITED, UNLIMITED_INTERNAL } from './constants';

/** Add-on attribute limits: -1 on the wire means unlimited (spec 01 §3). */

/** -1 → 9999999, so that "usage below limit" checks need no special case. */
export function normaliseLimit(value: number): number {
  return value === UNLIMITED ? UNLIMITED_INTERNAL : value;
}

/** Back to the wire form: anything at or above 9999999 is -1. */
export function toWireLimit(value: number): number {
  return isUnlimited(value) ? UNLIMITED : value;
}

export function isUnlimited(value: number): boolean {
  return value === UNLIMITED || value >= UNLIMITED_INTERNAL;
}

/** 'Unlimited' or '15,000'. */
export function formatLimit(value: number): string {
  return isUnlimited(value) ? 'Unlimited' : formatNumber(value);
}

/** Live events per month: above 999999 (or -1) means unlimited (spec 01 §2.9). */
export function isLiveEventsUnlimited(value: number): boolean {
  return value === UNLIMITED || value > LIVE_UNLIMITED_ABOVE;
}

export function formatLiveEventsLimit(value: number): string {
  return isLiveEventsUnlimited(value) ? 'Unlimited' : formatNumber(value);
}

/**
 * Reads a limit in any of its wire forms: a number, '-1', '15,000' or '15000'.
 * Returns null for text that is not a whole number, so callers choose their own fallback.
 */
export function parseLimit(value: number | string): number | null {
  if (typeof value === 'number') return Number.isInteger(value) ? value : null;
  const digits = value.trim().replaceAll(',', '');
  return /^-?\d+$/.test(digits) ? Number(digits) : null;
}
