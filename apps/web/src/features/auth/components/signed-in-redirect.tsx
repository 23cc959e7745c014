import { useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { dashboardPathFor, useAuthStore } from '@/lib/auth-store';
import { isSignedOutState } from '@/lib/navigation';

/**
 * Someone already logged in who opens /login or /signup goes to their dashboard (admins to
 * theirs), as after a login. Decided on arrival only: logging in on the page picks its own
 * destination (the page the visitor was sent from).
 */
export function SignedInRedirect({ children }: { children: ReactNode }) {
  const location = useLocation();
  const [arrivedAs] = useState(() => {
    const { token, user } = useAuthStore.getState();
    // Logging out comes here before it clears the session.
    return token === null || isSignedOutState(location.state) ? null : user;
  });
  if (arrivedAs) return <Navigate to={dashboardPathFor(arrivedAs)} replace />;
  return children;
}
