import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useHost } from '../../app/host/HostContext';
import { useApi } from '../../lib/api/ApiContext';
import { createLivePage, postWizardEvent, refetchWizard, skipFirstPopclip } from './data';

/** Our wording: the spec names no failure texts for the wizard's own actions. */
export const WIZARD_MESSAGES = {
  livePageCreated: 'Live page created',
  livePageFailed: 'Could not create the live page. Please try again.',
  skipFailed: 'Could not skip this step. Please try again.',
  carouselStepFailed: 'Could not complete this step. Please try again.',
} as const;

type Busy = 'refresh' | 'livePage' | 'skip' | 'allPopclips' | null;

/** The wizard's buttons: re-read the store, create the live page, skip the first Popclip. */
export function useWizardActions() {
  const api = useApi();
  const host = useHost();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<Busy>(null);

  const refreshAll = useCallback(() => refetchWizard(queryClient), [queryClient]);

  const run = useCallback(async (kind: Exclude<Busy, null>, action: () => Promise<void>) => {
    setBusy(kind);
    try {
      await action();
    } finally {
      setBusy(null);
    }
  }, []);

  const refresh = useCallback(
    () => run('refresh', async () => void (await refreshAll())),
    [run, refreshAll],
  );

  const makeLivePage = useCallback(
    () =>
      run('livePage', async () => {
        try {
          await createLivePage(api);
          host.showToast(WIZARD_MESSAGES.livePageCreated);
        } catch {
          host.showToast(WIZARD_MESSAGES.livePageFailed, { error: true });
          return;
        }
        await refreshAll();
      }),
    [api, host, run, refreshAll],
  );

  const skip = useCallback(
    () =>
      run('skip', async () => {
        try {
          await skipFirstPopclip(api);
        } catch {
          host.showToast(WIZARD_MESSAGES.skipFailed, { error: true });
          return;
        }
        await refreshAll();
      }),
    [api, host, run, refreshAll],
  );

  /**
   * Free plans have no custom carousels: their step 4 is the all-Popclips carousel block, added
   * in the theme editor (opened by the same click), and the step is recorded then.
   */
  const addAllPopclipsCarousel = useCallback(
    () =>
      run('allPopclips', async () => {
        try {
          await postWizardEvent(api, 'STEP_PUBLISH_YOUR_FIRST_POPCLIP_CAROUSEL');
        } catch {
          host.showToast(WIZARD_MESSAGES.carouselStepFailed, { error: true });
          return;
        }
        await refreshAll();
      }),
    [api, host, run, refreshAll],
  );

  return { busy, refresh, makeLivePage, skip, addAllPopclipsCarousel };
}
