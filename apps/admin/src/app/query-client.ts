import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api/errors';

/** Retries only failures that may pass (network, 5xx); a 4xx will answer the same again. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failureCount, error) =>
          failureCount < 2 && (!(error instanceof ApiError) || error.transient),
      },
    },
  });
}
