import { type AppConfigBody, MOBILE_MESSAGES, mobileContract } from '@popstage/core/mobile';
import { useState } from 'react';
import { useHost } from '../../app/host/HostContext';
import { useApi } from '../../lib/api/ApiContext';
import { useMobileCache } from './data';

/**
 * The save bar's save of the app config (appearance, custom menu): the saved config goes into
 * the cache for every tab, `onSaved` runs (the page drops its draft), and a toast says how it went.
 */
export function useSaveAppConfig() {
  const api = useApi();
  const host = useHost();
  const cache = useMobileCache();
  const [saving, setSaving] = useState(false);

  const save = async (body: AppConfigBody, onSaved: () => void) => {
    setSaving(true);
    try {
      const saved = await api.call(mobileContract.saveAppConfig, { body });
      cache.setConfig(saved.data);
      onSaved();
      host.showToast(MOBILE_MESSAGES.saved);
    } catch {
      host.showToast(MOBILE_MESSAGES.saveFailed, { error: true });
    } finally {
      setSaving(false);
    }
  };

  return { saving, save };
}
