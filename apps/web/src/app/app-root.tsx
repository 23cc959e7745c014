import { StrictMode } from 'react';
import { RouterProvider, type RouterProviderProps } from 'react-router';
import { AppProviders } from './providers';

/** The whole app around a router: the same tree in the browser and when built ahead. */
export function AppRoot({ router }: { router: RouterProviderProps['router'] }) {
  return (
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
}
