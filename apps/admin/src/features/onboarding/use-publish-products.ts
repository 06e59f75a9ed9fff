import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useHost } from '../../app/host/HostContext';
import { refetchShop } from '../../app/shop/shop-query';
import { useApi } from '../../lib/api/ApiContext';
import { publishProducts, useWizardStatus } from './data';

/** Our wording: the spec names no texts for this step's action. */
export const PUBLISH_MESSAGES = {
  started: 'Publishing your products to the Popstage sales channel',
  failed: 'Could not publish your products. Please try again.',
} as const;

/** How often the wizard is re-read while the job publishes, and for how long at most. */
export const PUBLISH_POLL_MS = 2000;
const PUBLISH_WAIT_MS = 2 * 60 * 1000;

type State = 'idle' | 'sending' | 'publishing';

/**
 * Step 2's button: the server publishes the shop's active products in a job (a large catalogue
 * takes a while), and the step completes once the store has the first ones. Meanwhile the wizard
 * is re-read every PUBLISH_POLL_MS (the page shows the same query), for two minutes at most;
 * after that "Check again" is there.
 */
export function usePublishProducts() {
  const api = useApi();
  const host = useHost();
  const queryClient = useQueryClient();
  const [state, setState] = useState<State>('idle');
  const wizard = useWizardStatus(state === 'publishing' ? PUBLISH_POLL_MS : false);
  const stepDone = wizard.data?.events.includes('STEP_PUBLISH_PRODUCTS_TO_VIDEEO_SC') ?? false;

  const publish = useCallback(async () => {
    setState('sending');
    try {
      await publishProducts(api);
    } catch {
      host.showToast(PUBLISH_MESSAGES.failed, { error: true });
      setState('idle');
      return;
    }
    host.showToast(PUBLISH_MESSAGES.started);
    setState('publishing');
  }, [api, host]);

  useEffect(() => {
    if (state !== 'publishing') return;
    if (stepDone) {
      // The shop carries the published count the step shows.
      void refetchShop(queryClient);
      setState('idle');
      return;
    }
    const stop = setTimeout(() => setState('idle'), PUBLISH_WAIT_MS);
    return () => clearTimeout(stop);
  }, [state, stepDone, queryClient]);

  return { publish, busy: state !== 'idle' };
}
