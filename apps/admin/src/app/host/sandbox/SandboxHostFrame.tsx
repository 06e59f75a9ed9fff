import { currentNavigationItem, type NavigationItem } from '@popstage/core/routing';
import { Box, ContextualSaveBar, Frame, Navigation, Text, Toast, TopBar } from '@shopify/polaris';
import { memo, type ReactNode, useCallback, useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { HostApiContext } from '../HostContext';
import { NAVIGATION_ICONS } from '../navigation-icons';
import { TOAST_DURATION_MS } from '../toast';
import type { HostApi, SaveBarOptions, ToastOptions } from '../types';

interface ToastEntry extends ToastOptions {
  id: number;
  message: string;
}

interface Props {
  shopDomain: string;
  win: Window;
  children: ReactNode;
}

/** Outside Shopify, Polaris draws what the Shopify admin would: menu, toasts and save bar. */
export function SandboxHostFrame({ shopDomain, win, children }: Props) {
  const [toasts, setToasts] = useState<ToastEntry[]>([]);
  const [navigation, setNavigation] = useState<readonly NavigationItem[]>([]);
  const [saveBar, setSaveBar] = useState<SaveBarOptions | null>(null);
  const [mobileNavigationOpen, setMobileNavigationOpen] = useState(false);
  const { pathname } = useLocation();

  const api = useMemo<HostApi>(() => {
    let nextToastId = 1;
    return {
      kind: 'sandbox',
      shopDomain,
      showToast: (message, options = {}) =>
        setToasts((current) => [...current, { id: nextToastId++, message, ...options }]),
      setTitle: (title) => {
        win.document.title = title ? `${title} · Popstage` : 'Popstage';
      },
      setNavigation,
      showSaveBar: setSaveBar,
      hideSaveBar: () => setSaveBar(null),
      redirectTop: (url) => win.location.assign(url),
    };
  }, [shopDomain, win]);

  const dismissToast = useCallback(
    (id: number) => setToasts((current) => current.filter((toast) => toast.id !== id)),
    [],
  );
  const toggleMobileNavigation = useCallback(() => setMobileNavigationOpen((open) => !open), []);
  const closeMobileNavigation = useCallback(() => setMobileNavigationOpen(false), []);

  const current = currentNavigationItem(navigation, pathname);
  const navigationMarkup =
    navigation.length > 0 ? (
      <Navigation location={pathname}>
        <Navigation.Section
          items={navigation.map((item) => ({
            label: item.label,
            url: item.to,
            icon: NAVIGATION_ICONS[item.id],
            selected: item.id === current,
            onClick: closeMobileNavigation,
          }))}
        />
      </Navigation>
    ) : undefined;

  return (
    <HostApiContext.Provider value={api}>
      <Frame
        topBar={
          <TopBar
            showNavigationToggle
            onNavigationToggle={toggleMobileNavigation}
            contextControl={<SandboxBadge shopDomain={shopDomain} />}
          />
        }
        navigation={navigationMarkup}
        showMobileNavigation={mobileNavigationOpen}
        onNavigationDismiss={closeMobileNavigation}
      >
        {saveBar ? (
          <ContextualSaveBar
            message={saveBar.message ?? 'Unsaved changes'}
            saveAction={{
              onAction: saveBar.onSave,
              loading: saveBar.saving ?? false,
              disabled: saveBar.saveDisabled ?? false,
            }}
            discardAction={{ onAction: saveBar.onDiscard }}
          />
        ) : null}
        {children}
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDismiss={dismissToast} />
        ))}
      </Frame>
    </HostApiContext.Provider>
  );
}

/**
 * Polaris restarts a toast's timer whenever its onDismiss changes, so each toast keeps one stable
 * callback; otherwise every re-render of the frame would keep toasts up longer than 5 s.
 */
const ToastItem = memo(function ToastItem({
  toast,
  onDismiss,
}: {
  toast: ToastEntry;
  onDismiss: (id: number) => void;
}) {
  const dismiss = useCallback(() => onDismiss(toast.id), [onDismiss, toast.id]);
  return (
    <Toast
      content={toast.message}
      error={toast.error ?? false}
      duration={TOAST_DURATION_MS}
      onDismiss={dismiss}
    />
  );
});

/** Names the sandbox shop, since `?shop=` can switch between several. */
function SandboxBadge({ shopDomain }: { shopDomain: string }) {
  return (
    <div style={{ display: 'flex', alignItems: 'center', minHeight: '3.5rem' }}>
      <Box paddingInlineStart="400">
        <Text as="span" variant="headingSm" tone="text-inverse" truncate>
          {shopDomain}
        </Text>
      </Box>
    </div>
  );
}
