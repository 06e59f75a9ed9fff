import { OTP_RESEND_SECONDS } from '@popstage/core/account';
import { useEffect, useState } from 'react';

/** Whole seconds until `untilIso`, at most the 60 s resend wait (spec 01 §9), never below 0. */
export function secondsUntil(untilIso: string, now = Date.now()): number {
  const left = Math.ceil((Date.parse(untilIso) - now) / 1000);
  return Number.isFinite(left) ? Math.min(Math.max(left, 0), OTP_RESEND_SECONDS) : 0;
}

/** Counts down to the server's resendAvailableAt, so a reload keeps the remaining wait. */
export function useCountdown(untilIso: string): number {
  const [left, setLeft] = useState(() => secondsUntil(untilIso));
  useEffect(() => {
    setLeft(secondsUntil(untilIso));
    const timer = setInterval(() => {
      const next = secondsUntil(untilIso);
      setLeft(next);
      if (next === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [untilIso]);
  return left;
}
