import {
  BILLING_MESSAGES,
  billingContract,
  type DiscountCodeInfo,
  normaliseDiscountCode,
} from '@popstage/core/billing';
import { useCallback, useState } from 'react';
import { useApi } from '../../lib/api/ApiContext';

/**
 * The discount-code input: Apply checks the code with the server; the applied code (trimmed and
 * upper-cased, spec 01 §5) is what the draft is sent with. Editing the text drops the applied one.
 */
export function useDiscountCode() {
  const api = useApi();
  const [input, setInputState] = useState('');
  const [applied, setApplied] = useState<DiscountCodeInfo | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [applying, setApplying] = useState(false);

  const setInput = useCallback((value: string) => {
    setInputState(value);
    setApplied(null);
    setError(null);
  }, []);

  const apply = useCallback(async () => {
    const code = normaliseDiscountCode(input);
    if (!code) return;
    setApplying(true);
    setError(null);
    try {
      const info = await api.call(billingContract.discountCode, { params: { code } });
      setApplied(info);
      setInputState(info.code);
    } catch {
      setApplied(null);
      setError(BILLING_MESSAGES.discountNotApplicable);
    } finally {
      setApplying(false);
    }
  }, [api, input]);

  const remove = useCallback(() => setInput(''), [setInput]);

  /** Sent with the draft: the applied code, else whatever was typed (the server judges it). */
  const codeToSend = applied?.code ?? normaliseDiscountCode(input);

  return { input, setInput, applied, error, applying, apply, remove, codeToSend };
}

export type DiscountCodeState = ReturnType<typeof useDiscountCode>;
