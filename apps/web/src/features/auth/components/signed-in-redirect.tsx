import { useState, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { dashboardPathFor, useAuthStore } from '@/lib/auth-store';

/**
 * Someone already logged in who opens /login or /signup goes to their dashboard (admins to
 * theirs), as after a login. Decided on arrival only: logging in on the page picks its own
 * destination (the page the visitor was sent from).
 */
export function SignedInRedirect({ children }: { children: ReactNode }) {
  const [arrivedAs] = useState(() => {
    const { token, user } = useAuthStore.getState();
    return token === null ? null : user;
  });
  if (arrivedAs) return <Navigate to={dashboardPathFor(arrivedAs)} replace />;
  return children;
}
