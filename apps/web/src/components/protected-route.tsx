import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { selectIsAdmin, selectIsLoggedIn, useAuthStore } from '@/lib/auth-store';
import { pathOf, type LoginRedirectState } from '@/lib/navigation';
import { PageSpinner } from './page-spinner';

/** docs/product.md §9: how long a protected screen shows its spinner before deciding. */
export const PROTECTED_ROUTE_DELAY_MS = 100;

/**
 * docs/product.md §2 with docs/product.md §10.3: nobody logged in → /login (origin remembered), even on
 * admin routes; a logged-in non-admin on an admin route → /unauthorized.
 */
export function ProtectedRoute({
  adminOnly = false,
  children,
}: {
  adminOnly?: boolean;
  children?: ReactNode;
}) {
  const location = useLocation();
  const isLoggedIn = useAuthStore(selectIsLoggedIn);
  const isAdmin = useAuthStore(selectIsAdmin);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    const timer = window.setTimeout(() => setReady(true), PROTECTED_ROUTE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  // As tall as the screen: the footer stays out of view until the page replaces the spinner.
  if (!ready) return <PageSpinner fullHeight />;
  if (!isLoggedIn) {
    const state: LoginRedirectState = { from: pathOf(location) };
    return <Navigate to="/login" replace state={state} />;
  }
  if (adminOnly && !isAdmin) return <Navigate to="/unauthorized" replace />;
  return children ?? <Outlet />;
}
