import type { NavigationItem } from '@popstage/core/routing';
import { Frame } from '@shopify/polaris';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { HostApiContext } from '../HostContext';
import { TOAST_DURATION_MS } from '../toast';
import type { HostApi, HostKind, SaveBarOptions } from '../types';
import type { AppBridgeGlobal } from './app-bridge-types';
import './title-bar.css';

const SAVE_BAR_ID = 'popstage-save-bar';

interface Props {
  shopify: AppBridgeGlobal;
  kind: HostKind;
  shopDomain: string;
  win: Window;
  children: ReactNode;
}

/** Inside Shopify, the admin's own menu, title bar, save bar and toasts come from App Bridge. */
export function ShopifyHostFrame({ shopify, kind, shopDomain, win, children }: Props) {
  const [navigation, setNavigation] = useState<readonly NavigationItem[]>([]);
  const [title, setTitle] = useState('');
  const [saveBar, setSaveBar] = useState<SaveBarOptions | null>(null);

  const errorToasts = useRef(new Set<string>());
  const api = useMemo<HostApi>(
    () => ({
      kind,
      shopDomain,
      showToast: (message, options = {}) => {
        const id = shopify.toast.show(message, {
          duration: TOAST_DURATION_MS,
          isError: options.error ?? false,
        });
        if (!options.error) return;
        errorToasts.current.add(id);
        setTimeout(() => errorToasts.current.delete(id), TOAST_DURATION_MS);
      },
      hideErrorToasts: () => {
        for (const id of errorToasts.current) shopify.toast.hide(id);
        errorToasts.current.clear();
      },
      setTitle,
      setNavigation,
      showSaveBar: setSaveBar,
      hideSaveBar: () => setSaveBar(null),
      // App Bridge turns a `_top` open into a navigation of the Shopify admin window.
      redirectTop: (url) => {
        win.open(url, '_top');
      },
    }),
    [shopify, kind, shopDomain, win],
  );

  const saveBarOpen = saveBar !== null;
  useEffect(() => {
    void (saveBarOpen ? shopify.saveBar.show(SAVE_BAR_ID) : shopify.saveBar.hide(SAVE_BAR_ID));
  }, [saveBarOpen, shopify]);

  // The first link is the app's home; App Bridge hides it and uses it for the app name.
  const [home, ...items] = navigation;
  return (
    <HostApiContext.Provider value={api}>
      {home ? (
        <ui-nav-menu>
          <Link to={home.to} rel="home">
            {home.label}
          </Link>
          {items.map((item) => (
            <Link key={item.id} to={item.to}>
              {item.label}
            </Link>
          ))}
        </ui-nav-menu>
      ) : null}
      <ui-title-bar title={title} />
      <ui-save-bar id={SAVE_BAR_ID}>
        <button
          type="button"
          // App Bridge reads the button's attributes, not React props.
          {...{ variant: 'primary' }}
          {...(saveBar?.saving ? { loading: '' } : {})}
          disabled={saveBar?.saveDisabled ?? false}
          onClick={() => saveBar?.onSave()}
        />
        <button type="button" onClick={() => saveBar?.onDiscard()} />
      </ui-save-bar>
      <Frame>{children}</Frame>
    </HostApiContext.Provider>
  );
}
