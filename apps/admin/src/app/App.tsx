import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ComponentProps, useMemo } from 'react';
import { RouterProvider } from 'react-router-dom';
import { ApiContext } from '../lib/api/ApiContext';
import { createApiClient } from '../lib/api/client';
import { HostRuntimeContext } from './host/HostContext';
import type { Host } from './host/types';

interface Props {
  host: Host;
  queryClient: QueryClient;
  router: ComponentProps<typeof RouterProvider>['router'];
  fetchImpl?: typeof fetch;
}

export function App({ host, queryClient, router, fetchImpl }: Props) {
  const api = useMemo(
    () => createApiClient((request) => host.getSessionToken(request), fetchImpl),
    [host, fetchImpl],
  );
  return (
    <HostRuntimeContext.Provider value={host}>
      <ApiContext.Provider value={api}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </ApiContext.Provider>
    </HostRuntimeContext.Provider>
  );
}
