import { OTP_MESSAGES } from '@popstage/core/account';
import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useHost } from '../../app/host/HostContext';
import { useApi } from '../../lib/api/ApiContext';
import { resendOtp, verifyOtp } from './data';
import { resendErrorMessage, verifyErrorMessage } from './otp-errors';
import {
  clearPendingVerification,
  type PendingVerification,
  savePendingVerification,
} from './otp-session';
import { useAccountCreation } from './use-account-creation';
import { useLeaveGuard } from './use-leave-guard';

export type VerifyPhase = 'entering' | 'verifying' | 'creating' | 'created';

/** Our wording: after a failed account creation the code is used up; a new one is needed. */
export const CODE_SPENT_MESSAGE =
  'This code has been used. Tap Resend code for a new one, then enter it to try again.';

/** Our wording: why a click elsewhere did nothing while the account is being made. */
export const LEAVE_BLOCKED_MESSAGE = 'Please wait while we verify your phone number.';

/** The verify page's state: the code, verification, re-send, and the account creation after it. */
export function useVerifyFlow(initial: PendingVerification, createPath: string) {
  const api = useApi();
  const host = useHost();
  const navigate = useNavigate();
  const createAccount = useAccountCreation();
  const [pending, setPending] = useState(initial);
  const [phase, setPhaseState] = useState<VerifyPhase>('entering');
  const [error, setError] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  // The blocker reads a ref so the block can be lifted and a navigation made in one go.
  const busy = useRef(false);
  const setPhase = useCallback((next: VerifyPhase) => {
    busy.current = next === 'verifying' || next === 'creating';
    setPhaseState(next);
  }, []);

  const onBlocked = useCallback(() => host.showToast(LEAVE_BLOCKED_MESSAGE), [host]);
  useLeaveGuard(
    useCallback(() => busy.current, []),
    onBlocked,
  );

  /** Answers 'spent' when the code was used but no account came of it (the field is cleared). */
  const verify = useCallback(
    async (code: string): Promise<'done' | 'spent'> => {
      if (busy.current) return 'done';
      setError(null);
      setPhase('verifying');
      let verification: Awaited<ReturnType<typeof verifyOtp>>;
      try {
        verification = await verifyOtp(api, pending.challenge.challengeId, code);
      } catch (caught) {
        setError(verifyErrorMessage(caught));
        setPhase('entering');
        return 'done';
      }
      setPhase('creating');
      let created = false;
      const outcome = await createAccount(verification, pending.email, {
        onCreated: () => {
          created = true;
          clearPendingVerification();
          setPhase('created');
        },
      });
      if (outcome.kind === 'failed') {
        setPhase('entering');
        if (outcome.restart) {
          clearPendingVerification();
          navigate(createPath, { replace: true });
        } else if (!created) {
          // The code is spent: entering it again would only say it expired.
          setError(CODE_SPENT_MESSAGE);
          return 'spent';
        }
      }
      return 'done';
    },
    [api, createAccount, createPath, navigate, pending, setPhase],
  );

  const resend = useCallback(async () => {
    if (busy.current || resending) return;
    setResending(true);
    host.showToast(OTP_MESSAGES.resending);
    try {
      const challenge = await resendOtp(api, pending.challenge.challengeId);
      const next = { ...pending, challenge };
      savePendingVerification(next);
      setPending(next);
      setError(null);
    } catch (caught) {
      host.showToast(resendErrorMessage(caught), { error: true });
    } finally {
      setResending(false);
    }
  }, [api, host, pending, resending]);

  return { pending, phase, error, setError, verify, resend, resending };
}
