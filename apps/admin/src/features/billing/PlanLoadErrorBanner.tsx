import { Banner } from '@shopify/polaris';
import { useEffect } from 'react';
import { useHost } from '../../app/host/HostContext';

/**
 * Toasts the message once per failed load that stands: a failed route prefetch the page is
 * already retrying waits for that retry's outcome (errorUpdatedAt changes with each failure).
 */
export function useErrorToast(
  load: { errorUpdatedAt: number; isFetching: boolean },
  message: string,
) {
  const host = useHost();
  const { errorUpdatedAt, isFetching } = load;
  useEffect(() => {
    if (errorUpdatedAt > 0 && !isFetching) host.showToast(message, { error: true });
  }, [errorUpdatedAt, isFetching, host, message]);
}

export function PlanLoadErrorBanner({ message }: { message: string }) {
  return <Banner tone="critical">{message}</Banner>;
}
