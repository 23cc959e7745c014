import { lazy, Suspense, type ReactNode } from 'react';
import type { createBrowserRouter, RouteObject } from 'react-router';
import { PageSpinner } from '@/components/page-spinner';
import { ProtectedRoute } from '@/components/protected-route';
import { RouteErrorPage } from '@/components/route-error-page';
import { UnderDevelopmentPage } from '@/components/under-development-page';
import { ForgotPasswordPage } from '@/features/auth/forgot-password-page';
import { UserDashboardPage } from '@/features/dashboard/user-dashboard-page';
import { DiscoverPage } from '@/features/discover/discover-page';
import { PlayerPage } from '@/features/player/player-page';
import { LoginPage } from '@/features/auth/login-page';
import { ResetPasswordPage } from '@/features/auth/reset-password-page';
import { SignupPage } from '@/features/auth/signup-page';
import { SignedInRedirect } from '@/features/auth/components/signed-in-redirect';
import { ContactPage } from '@/features/contact/contact-page';
import { FeedbackPage } from '@/features/feedback/feedback-page';
import { LandingPage } from '@/features/landing/landing-page';
import { PrivacyPolicyPage } from '@/features/legal/privacy-policy-page';
import { TermsOfServicePage } from '@/features/legal/terms-of-service-page';
import { PricingPage } from '@/features/pricing/pricing-page';
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
      { path: '/', element: <LandingPage /> },
      { path: '/home', element: <LandingPage /> },
      {
        path: '/login',
        element: (
          <SignedInRedirect>
            <LoginPage />
          </SignedInRedirect>
        ),
      },
      {
        path: '/signup',
        element: (
          <SignedInRedirect>
            <SignupPage />
          </SignedInRedirect>
        ),
      },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/reset-password/:resetToken', element: <ResetPasswordPage /> },
      { path: '/unauthorized', element: <UnauthorizedPage /> },
      { path: '/privacy-policy', element: <PrivacyPolicyPage /> },
      { path: '/terms-of-service', element: <TermsOfServicePage /> },
      { path: '/contact', element: <ContactPage /> },
      { path: '/pricing', element: <PricingPage /> },
      { path: '/feedback', element: <FeedbackPage /> },
      { path: '/under-development', element: <UnderDevelopmentPage /> },
      protectedRoute('/player', <PlayerPage />),
      protectedRoute('/discover', <DiscoverPage />),
      protectedRoute('/user/dashboard', <UserDashboardPage />),
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
