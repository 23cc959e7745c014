import type { createBrowserRouter, RouteObject } from 'react-router';
import { matchRoutes } from 'react-router';
import { ProtectedRoute } from '@/components/protected-route';
import { RouteErrorPage } from '@/components/route-error-page';
import { SignedInRedirect } from '@/features/auth/components/signed-in-redirect';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { lazyComponent, type LazyComponent } from '@/lib/lazy-component';
import { pathOf, type LoginRedirectState } from '@/lib/navigation';
import { RootLayout } from './root-layout';

// Every screen is its own chunk: a visitor downloads the code of the pages they open, no more.
const pages = {
  landing: lazyComponent(() =>
    import('@/features/landing/landing-page').then((m) => m.LandingPage),
  ),
  login: lazyComponent(() => import('@/features/auth/login-page').then((m) => m.LoginPage)),
  signup: lazyComponent(() => import('@/features/auth/signup-page').then((m) => m.SignupPage)),
  forgotPassword: lazyComponent(() =>
    import('@/features/auth/forgot-password-page').then((m) => m.ForgotPasswordPage),
  ),
  resetPassword: lazyComponent(() =>
    import('@/features/auth/reset-password-page').then((m) => m.ResetPasswordPage),
  ),
  unauthorized: lazyComponent(() =>
    import('@/features/status/unauthorized-page').then((m) => m.UnauthorizedPage),
  ),
  privacyPolicy: lazyComponent(() =>
    import('@/features/legal/privacy-policy-page').then((m) => m.PrivacyPolicyPage),
  ),
  termsOfService: lazyComponent(() =>
    import('@/features/legal/terms-of-service-page').then((m) => m.TermsOfServicePage),
  ),
  contact: lazyComponent(() =>
    import('@/features/contact/contact-page').then((m) => m.ContactPage),
  ),
  pricing: lazyComponent(() =>
    import('@/features/pricing/pricing-page').then((m) => m.PricingPage),
  ),
  feedback: lazyComponent(() =>
    import('@/features/feedback/feedback-page').then((m) => m.FeedbackPage),
  ),
  underDevelopment: lazyComponent(() =>
    import('@/components/under-development-page').then((m) => m.UnderDevelopmentPage),
  ),
  player: lazyComponent(() => import('@/features/player/player-page').then((m) => m.PlayerPage)),
  discover: lazyComponent(() =>
    import('@/features/discover/discover-page').then((m) => m.DiscoverPage),
  ),
  userDashboard: lazyComponent(() =>
    import('@/features/dashboard/user-dashboard-page').then((m) => m.UserDashboardPage),
  ),
  album: lazyComponent(() => import('@/features/catalogue/album-page').then((m) => m.AlbumPage)),
  artist: lazyComponent(() => import('@/features/catalogue/artist-page').then((m) => m.ArtistPage)),
  search: lazyComponent(() => import('@/features/catalogue/search-page').then((m) => m.SearchPage)),
  playlist: lazyComponent(() =>
    import('@/features/playlist/playlist-page').then((m) => m.PlaylistPage),
  ),
  libraryPlaylists: lazyComponent(() =>
    import('@/features/playlist/library-playlists-page').then((m) => m.LibraryPlaylistsPage),
  ),
  libraryAlbums: lazyComponent(() =>
    import('@/features/library/library-albums-page').then((m) => m.LibraryAlbumsPage),
  ),
  libraryArtists: lazyComponent(() =>
    import('@/features/library/library-artists-page').then((m) => m.LibraryArtistsPage),
  ),
  likedSongs: lazyComponent(() =>
    import('@/features/library/liked-songs-page').then((m) => m.LikedSongsPage),
  ),
  recentlyPlayed: lazyComponent(() =>
    import('@/features/library/recently-played-page').then((m) => m.RecentlyPlayedPage),
  ),
  adminDashboard: lazyComponent(() =>
    import('@/features/admin/admin-dashboard-page').then((m) => m.AdminDashboardPage),
  ),
  notFound: lazyComponent(() =>
    import('@/features/status/not-found-page').then((m) => m.NotFoundPage),
  ),
} satisfies Record<string, LazyPage>;

// The genre page answers an unknown genre with the 404 page, which only app/ may hand it.
const genrePage = lazyComponent(() =>
  import('@/features/genre/genre-page').then((m) => m.GenrePage),
);

type LazyPage = LazyComponent<Record<string, never>>;

interface PageHandle {
  preload: () => Promise<void>;
}

function publicRoute(path: string, page: LazyPage): RouteObject {
  return {
    path,
    element: <page.Component />,
    handle: { preload: page.preload } satisfies PageHandle,
  };
}

/** /login and /signup: someone already logged in goes on to their dashboard instead. */
function signedOutRoute(path: string, page: LazyPage): RouteObject {
  return {
    path,
    element: (
      <SignedInRedirect>
        <page.Component />
      </SignedInRedirect>
    ),
    handle: { preload: page.preload } satisfies PageHandle,
  };
}

// Each protected path gets its own wrapper so that every protected screen shows the spinner.
function protectedRoute(path: string, page: LazyPage, adminOnly = false): RouteObject {
  return {
    path,
    element: (
      <ProtectedRoute adminOnly={adminOnly}>
        <page.Component />
      </ProtectedRoute>
    ),
    handle: { preload: page.preload } satisfies PageHandle,
  };
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      publicRoute('/', pages.landing),
      publicRoute('/home', pages.landing),
      signedOutRoute('/login', pages.login),
      signedOutRoute('/signup', pages.signup),
      publicRoute('/forgot-password', pages.forgotPassword),
      publicRoute('/reset-password/:resetToken', pages.resetPassword),
      publicRoute('/unauthorized', pages.unauthorized),
      publicRoute('/privacy-policy', pages.privacyPolicy),
      publicRoute('/terms-of-service', pages.termsOfService),
      publicRoute('/contact', pages.contact),
      publicRoute('/pricing', pages.pricing),
      publicRoute('/feedback', pages.feedback),
      publicRoute('/under-development', pages.underDevelopment),
      protectedRoute('/player', pages.player),
      protectedRoute('/discover', pages.discover),
      protectedRoute('/user/dashboard', pages.userDashboard),
      protectedRoute('/album/:id', pages.album),
      protectedRoute('/artist/:id', pages.artist),
      protectedRoute('/search', pages.search),
      protectedRoute('/playlist/:id', pages.playlist),
      protectedRoute('/library/playlists', pages.libraryPlaylists),
      protectedRoute('/library/albums', pages.libraryAlbums),
      protectedRoute('/library/artists', pages.libraryArtists),
      protectedRoute('/library/liked', pages.likedSongs),
      protectedRoute('/library/recent', pages.recentlyPlayed),
      {
        path: '/genre/:genre',
        element: (
          <ProtectedRoute>
            <genrePage.Component notFound={<pages.notFound.Component />} />
          </ProtectedRoute>
        ),
        handle: { preload: genrePage.preload } satisfies PageHandle,
      },
      protectedRoute('/admin/dashboard', pages.adminDashboard, true),
      publicRoute('*', pages.notFound),
    ],
  },
];

/**
 * Loads the chunk of the page at `pathname`, so the first render paints it at once instead of
 * a fallback that the page would then replace.
 */
export async function preloadRoute(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  const handles = matches.map((match) => match.route.handle as PageHandle | undefined);
  await Promise.all(handles.flatMap((handle) => (handle ? [handle.preload()] : [])));
}

/** Loads every page's chunk (tests render any screen without waiting for one). */
export async function preloadAllPages(): Promise<void> {
  await Promise.all([...Object.values(pages), genrePage].map((page) => page.preload()));
}

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
