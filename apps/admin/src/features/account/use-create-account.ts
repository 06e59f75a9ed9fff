import {
  ACCOUNT_FORM_DEFAULTS,
  ACCOUNT_MESSAGES,
  ACCOUNT_VALIDATION_MESSAGES,
  type AccountFormValues,
  accountFormSchema,
  combinePhone,
  OTP_MESSAGES,
} from '@popstage/core/account';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useHost } from '../../app/host/HostContext';
import { useShop } from '../../app/shop/ShopContext';
import { useApi } from '../../lib/api/ApiContext';
import { getBotToken } from './bot-check/bot-check';
import { fetchOtpConfig, isEmailAvailable, isPhoneAvailable, sendOtp } from './data';
import { sendErrorMessage } from './otp-errors';
import { savePendingVerification } from './otp-session';

export type AccountFormErrors = Partial<Record<keyof AccountFormValues, string>>;

/** The phone's inline error, checked on every keystroke of either part (spec 01 §5). */
function phoneError(values: AccountFormValues): string | undefined {
  if (values.phoneNumber === '') return undefined;
  return combinePhone(values.countryCode.trim(), values.phoneNumber.trim())
    ? undefined
    : ACCOUNT_VALIDATION_MESSAGES.invalidPhone;
}

/**
 * The create-account form (spec 01 §2.10, §5): core schema, e-mail and phone availability, the
 * invisible bot check, then the code is sent and the verify page takes over.
 */
export function useCreateAccount(verifyPath: string) {
  const api = useApi();
  const host = useHost();
  const shop = useShop();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const storeAccountExists = shop.csStoreCreated;
  const [values, setValues] = useState<AccountFormValues>(ACCOUNT_FORM_DEFAULTS);
  const [errors, setErrors] = useState<AccountFormErrors>({});
  const [submitting, setSubmitting] = useState(false);

  const change = useCallback(
    <K extends keyof AccountFormValues>(key: K, value: AccountFormValues[K]) => {
      const next = { ...values, [key]: value };
      setValues(next);
      setErrors((old) => {
        const updated = { ...old, [key]: undefined };
        if (key === 'phoneNumber' || key === 'countryCode') updated.phoneNumber = phoneError(next);
        return updated;
      });
    },
    [values],
  );

  const submit = useCallback(async () => {
    const parsed = accountFormSchema({ storeAccountExists }).safeParse(values);
    if (!parsed.success) {
      const found: AccountFormErrors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof AccountFormValues;
        // The country code has no room for a message of its own; the phone field carries it.
        const field = key === 'countryCode' ? 'phoneNumber' : key;
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    const { phone } = parsed.data;
    const email = storeAccountExists ? null : (parsed.data.email ?? '').trim();
    setSubmitting(true);
    try {
      try {
        if (email !== null && !(await isEmailAvailable(api, email))) {
          setErrors({ email: ACCOUNT_MESSAGES.emailInUse });
          return;
        }
        if (!(await isPhoneAvailable(api, phone))) {
          host.showToast(ACCOUNT_MESSAGES.phoneInUse, { error: true });
          return;
        }
      } catch {
        host.showToast(ACCOUNT_MESSAGES.createFailed, { error: true });
        return;
      }
      host.showToast(OTP_MESSAGES.sending);
      try {
        const config = await fetchOtpConfig(api, queryClient);
        const botToken = await getBotToken(config.botCheck);
        const challenge = await sendOtp(api, phone, botToken);
        savePendingVerification({ challenge, email });
      } catch (error) {
        host.showToast(sendErrorMessage(error), { error: true });
        return;
      }
      navigate(verifyPath);
    } finally {
      setSubmitting(false);
    }
  }, [api, host, navigate, queryClient, storeAccountExists, values, verifyPath]);

  return { values, errors, change, submit, submitting, storeAccountExists };
}
