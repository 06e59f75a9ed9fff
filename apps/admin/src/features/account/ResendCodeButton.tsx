import { Button } from '@shopify/polaris';
import { useCountdown } from './use-countdown';

interface Props {
  /** The server's resendAvailableAt. */
  availableAt: string;
  disabled: boolean;
  onResend(): void;
}

/** Re-send after the 60 s countdown (spec 01 §2.10); the label counts the seconds down. */
export function ResendCodeButton({ availableAt, disabled, onResend }: Props) {
  const left = useCountdown(availableAt);
  return (
    <Button variant="plain" disabled={disabled || left > 0} onClick={onResend}>
      {left > 0 ? `Resend code in ${left}s` : 'Resend code'}
    </Button>
  );
}
