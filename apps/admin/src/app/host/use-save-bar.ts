import { useEffect, useRef } from 'react';
import { useHost } from './HostContext';

/** The host's save bar while `dirty`; the latest handlers are read through a ref. */
export function useSaveBar(
  dirty: boolean,
  saving: boolean,
  handlers: { save(): void; discard(): void },
) {
  const host = useHost();
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    if (!dirty) {
      host.hideSaveBar();
      return;
    }
    host.showSaveBar({
      message: 'Unsaved changes',
      saving,
      onSave: () => latest.current.save(),
      onDiscard: () => latest.current.discard(),
    });
  }, [dirty, saving, host]);
  useEffect(() => () => host.hideSaveBar(), [host]);
}
