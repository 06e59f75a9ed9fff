import type { OtpChallengeWire } from '@popstage/core/account';

/**
 * The code sent from the create page, kept in sessionStorage so the verify page survives a
 * reload (and is gone with the tab). The e-mail rides along: the store account is created only
 * after the phone is verified.
 */
export interface PendingVerification {
  challenge: OtpChallengeWire;
  /** Null when the core store account already exists. */
  email: string | null;
}

const KEY = 'popstage.account.pendingVerification';

export function savePendingVerification(value: PendingVerification): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(value));
  } catch {
    // Storage can be blocked (private mode, a sandboxed iframe): the flow still works until a reload.
  }
}

export function readPendingVerification(): PendingVerification | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<PendingVerification>;
    return typeof value.challenge?.challengeId === 'string' &&
      typeof value.challenge.phone === 'string'
      ? (value as PendingVerification)
      : null;
  } catch {
    return null;
  }
}

export function clearPendingVerification(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // See savePendingVerification.
  }
}
