import { AppProvider } from '@shopify/polaris';
import en from '@shopify/polaris/locales/en.json';
import { Outlet } from 'react-router-dom';
import { useHostRuntime } from './host/HostContext';
import { PolarisRouterLink } from './shell/PolarisRouterLink';

/** Root route: Polaris and the host frame live inside the router so their links can use it. */
export function AppRoot() {
  const host = useHostRuntime();
  return (
    <AppProvider i18n={en} linkComponent={PolarisRouterLink}>
      {host.renderFrame(<Outlet />)}
    </AppProvider>
  );
}
