import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { ToastProvider } from '@/components/toast-provider';
import { subscribeToStorageChanges, useAuthStore } from '@/lib/auth-store';
import { createQueryClient } from './query-client';
import { theme } from './theme';

/** Keeps the auth store in step with the session other tabs write to browser storage. */
function AuthStorageSync() {
  useEffect(() => {
    void useAuthStore.getState().syncFromStorage();
    return subscribeToStorageChanges();
  }, []);
  return null;
}

export function AppProviders({
  children,
  queryClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme />
      <QueryClientProvider client={client}>
        <ToastProvider defaultPosition="bottom-right">
          <AuthStorageSync />
          {children}
        </ToastProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
