import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentProps } from 'react';
import { RouterProvider } from 'react-router-dom';
import { ApiContext } from '../lib/api/ApiContext';
import type { ApiClient } from '../lib/api/client';
import { HostRuntimeContext } from './host/HostContext';
import type { Host } from './host/types';

interface Props {
  host: Host;
  queryClient: QueryClient;
  /** Made before the router, whose screen loaders prefetch through it. */
  api: ApiClient;
  router: ComponentProps<typeof RouterProvider>['router'];
}

export function App({ host, queryClient, api, router }: Props) {
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
