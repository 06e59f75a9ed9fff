import { createContext, useContext } from 'react';
import type { Host, HostApi } from './types';

export const HostApiContext = createContext<HostApi | null>(null);

/** Toasts, title, navigation menu, save bar and top-level redirects, whatever the host. */
export function useHost(): HostApi {
  const api = useContext(HostApiContext);
  if (!api) throw new Error('useHost() must be used inside the host frame');
  return api;
}

/** The start-up host, for the few places outside the frame that need it (the root route). */
export const HostRuntimeContext = createContext<Host | null>(null);

export function useHostRuntime(): Host {
  const host = useContext(HostRuntimeContext);
  if (!host) throw new Error('useHostRuntime() must be used inside <App>');
  return host;
}
