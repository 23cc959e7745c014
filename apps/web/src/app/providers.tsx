import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { ToastProvider } from '@/components/toast-provider';
import { subscribeToStorageChanges, useAuthStore } from '@/lib/auth-store';
import { createQueryClient } from './query-client';

/** Keeps the auth store in step with the session other tabs write to browser storage. */
function AuthStorageSync() {
  useEffect(() => {
    void useAuthStore.getState().syncFromStorage();
    return subscribeToStorageChanges();
  }, []);
  return null;
}

/**
 * What every page needs. The MUI theme is not here: the frame and the landing page are plain CSS
 * (styles/base.css and CSS modules, from the design tokens), and the screens and overlays drawn
 * with MUI bring its theme along (components/lazy-mui-component.tsx).
 */
export function AppProviders({
  children,
  queryClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <ToastProvider defaultPosition="bottom-right">
        <AuthStorageSync />
        {children}
      </ToastProvider>
    </QueryClientProvider>
  );
}
