import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // Offline, a query still runs and fails with a network error, so the page shows its
        // error and Retry instead of a spinner that waits for the connection; it loads again
        // by itself when the browser is back online (refetchOnReconnect).
        networkMode: 'always',
        refetchOnWindowFocus: false,
        // A 4xx will not change on retry; network errors and 5xx get one more try.
        retry: (failureCount, error) =>
          failureCount < 1 &&
          !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
      // A change made offline fails at once and says so, rather than waiting unseen.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
