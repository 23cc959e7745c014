import type { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { RouterProvider, type RouterProviderProps } from 'react-router';
import { AppProviders } from './providers';

interface AppRootProps {
  router: RouterProviderProps['router'];
  /** The browser's, which a signed-in first screen's data may already be loading into. */
  queryClient?: QueryClient;
}

/** The whole app around a router: the same tree in the browser and when built ahead. */
export function AppRoot({ router, queryClient }: AppRootProps) {
  return (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
}
