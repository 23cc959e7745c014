import { lazy, Suspense, type ReactNode } from 'react';
import type { createBrowserRouter, RouteObject } from 'react-router';
import { PageSpinner } from '@/components/page-spinner';
import { ProtectedRoute } from '@/components/protected-route';
import { RouteErrorPage } from '@/components/route-error-page';
import { UnderDevelopmentPage } from '@/components/under-development-page';
import { ForgotPasswordPage } from '@/features/auth/forgot-password-page';
import { LoginPage } from '@/features/auth/login-page';
import { ResetPasswordPage } from '@/features/auth/reset-password-page';
import { SignupPage } from '@/features/auth/signup-page';
import { NotFoundPage } from '@/features/status/not-found-page';
import { UnauthorizedPage } from '@/features/status/unauthorized-page';
import { RootLayout } from './root-layout';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { pathOf, type LoginRedirectState } from '@/lib/navigation';

const AdminDashboardPage = lazy(() =>
  import('@/features/admin/admin-dashboard-page').then((module) => ({
    default: module.AdminDashboardPage,
  })),
);

function lazyScreen(screen: ReactNode) {
  return <Suspense fallback={<PageSpinner />}>{screen}</Suspense>;
}

// Each protected path gets its own wrapper so that every protected screen shows the spinner.
function protectedRoute(path: string, element: ReactNode, adminOnly = false): RouteObject {
  return { path, element: <ProtectedRoute adminOnly={adminOnly}>{element}</ProtectedRoute> };
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { path: '/', element: <UnderDevelopmentPage /> },
      { path: '/home', element: <UnderDevelopmentPage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/signup', element: <SignupPage /> },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/reset-password/:resetToken', element: <ResetPasswordPage /> },
      { path: '/unauthorized', element: <UnauthorizedPage /> },
      { path: '/privacy-policy', element: <UnderDevelopmentPage /> },
      { path: '/terms-of-service', element: <UnderDevelopmentPage /> },
      { path: '/contact', element: <UnderDevelopmentPage /> },
      { path: '/pricing', element: <UnderDevelopmentPage /> },
      { path: '/feedback', element: <UnderDevelopmentPage /> },
      { path: '/under-development', element: <UnderDevelopmentPage /> },
      protectedRoute('/player', <UnderDevelopmentPage />),
      protectedRoute('/discover', <UnderDevelopmentPage />),
      protectedRoute('/user/dashboard', <UnderDevelopmentPage />),
      protectedRoute('/admin/dashboard', lazyScreen(<AdminDashboardPage />), true),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

type AppRouter = ReturnType<typeof createBrowserRouter>;

/** A 401 from the API lands on /login, remembering the page the visitor was on. */
export function connectApiToRouter(router: AppRouter): void {
  setUnauthorizedHandler(() => {
    const location = router.state.location;
    if (location.pathname === '/login') return;
    const state: LoginRedirectState = { from: pathOf(location) };
    void router.navigate('/login', { replace: true, state });
  });
}
