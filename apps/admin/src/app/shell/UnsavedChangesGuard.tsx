import { Modal, Text } from '@shopify/polaris';
import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';

/** Shopify's wording for leaving a page whose save bar is up. */
const LEAVE_UNSAVED_TITLE = 'Leave page with unsaved changes?';
const LEAVE_UNSAVED_TEXT = 'Leaving this page will delete all unsaved changes.';

/**
 * The save bar convention: with unsaved changes, leaving the page asks first. In-app links and
 * the back arrow go through React Router's blocker and this modal; a reload or a closed tab gets
 * the browser's own prompt. (The admin's menu, outside the app, shakes the save bar instead.)
 */
export function UnsavedChangesGuard({ dirty }: { dirty: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const blocked = blocker.state === 'blocked';
  return (
    <Modal
      open={blocked}
      title={LEAVE_UNSAVED_TITLE}
      onClose={() => blocker.reset?.()}
      primaryAction={{
        content: 'Leave page',
        destructive: true,
        onAction: () => blocker.proceed?.(),
      }}
      secondaryActions={[{ content: 'Stay', onAction: () => blocker.reset?.() }]}
    >
      <Modal.Section>
        <Text as="p">{LEAVE_UNSAVED_TEXT}</Text>
      </Modal.Section>
    </Modal>
  );
}
