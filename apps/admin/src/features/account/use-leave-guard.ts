import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';

/**
 * Keeps the merchant on the page while `isBusy()` holds (spec 01 §2.10: leaving is blocked while
 * verifying): in-app navigation is refused through React Router's blocker, a reload or tab close
 * through the browser's own beforeunload prompt. A ref-backed predicate lets the page lift the
 * block and navigate in the same tick.
 */
export function useLeaveGuard(isBusy: () => boolean, onBlocked: () => void): void {
  const blocker = useBlocker(() => isBusy());

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    blocker.reset();
    onBlocked();
  }, [blocker, onBlocked]);

  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (!isBusy()) return;
      event.preventDefault();
      // Older browsers need returnValue set to show the prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isBusy]);
}
