import { Banner } from '@shopify/polaris';
import { useEffect } from 'react';
import { useHost } from '../../app/host/HostContext';

/** Toasts the message once per failed load (errorUpdatedAt) and keeps it on the page. */
export function useErrorToast(errorUpdatedAt: number, message: string) {
  const host = useHost();
  useEffect(() => {
    if (errorUpdatedAt > 0) host.showToast(message, { error: true });
  }, [errorUpdatedAt, host, message]);
}

export function PlanLoadErrorBanner({ message }: { message: string }) {
  return <Banner tone="critical">{message}</Banner>;
}
