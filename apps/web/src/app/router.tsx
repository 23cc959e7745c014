import type { QueryClient } from '@tanstack/react-query';
import type { createBrowserRouter, RouteObject } from 'react-router';
import { matchRoutes } from 'react-router';
import { ProtectedRoute } from '@/components/protected-route';
import { SignedInRedirect } from '@/features/auth/components/signed-in-redirect';
import { prepareDashboard } from '@/features/dashboard/prepare-dashboard';
import { prepareDiscover } from '@/features/discover/prepare-discover';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { Suspense } from 'react';
import { lazyMuiComponent } from '@/components/lazy-mui-component';
import { lazyComponent, type LazyComponent } from '@/lib/lazy-component';
import { pathOf, type LoginRedirectState } from '@/lib/navigation';
import { RootLayout } from './root-layout';

// Every screen is its own chunk: a visitor downloads the code of the pages they open, no more.
// The landing page and the auth screens are plain CSS; every other screen is drawn with MUI, whose
// theme and styling engine are fetched beside the screen's chunk, in parallel
// (lazy-mui-component.tsx).
const pages = {
  landing: lazyComponent(() =>
    import('@/features/landing/landing-page').then((m) => m.LandingPage),
  ),
  login: lazyComponent(() => import('@/features/auth/login-page').then((m) => m.LoginPage)),
  signup: lazyComponent(() => import('@/features/auth/signup-page').then((m) => m.SignupPage)),
  forgotPassword: lazyComponent(() =>
    import('@/features/auth/forgot-password-page').then((m) => m.ForgotPasswordPage),
  ),
  changePassword: lazyComponent(() =>
    import('@/features/auth/change-password-page').then((m) => m.ChangePasswordPage),
  ),
  resetPassword: lazyComponent(() =>
    import('@/features/auth/reset-password-page').then((m) => m.ResetPasswordPage),
  ),
  unauthorized: lazyMuiComponent(() =>
    import('@/features/status/unauthorized-page').then((m) => m.UnauthorizedPage),
  ),
  privacyPolicy: lazyMuiComponent(() =>
    import('@/features/legal/privacy-policy-page').then((m) => m.PrivacyPolicyPage),
  ),
  termsOfService: lazyMuiComponent(() =>
    import('@/features/legal/terms-of-service-page').then((m) => m.TermsOfServicePage),
  ),
  contact: lazyMuiComponent(() =>
    import('@/features/contact/contact-page').then((m) => m.ContactPage),
  ),
  pricing: lazyMuiComponent(() =>
    import('@/features/pricing/pricing-page').then((m) => m.PricingPage),
  ),
  feedback: lazyMuiComponent(() =>
    import('@/features/feedback/feedback-page').then((m) => m.FeedbackPage),
  ),
  underDevelopment: lazyMuiComponent(() =>
    import('@/components/under-development-page').then((m) => m.UnderDevelopmentPage),
  ),
  player: lazyMuiComponent(() => import('@/features/player/player-page').then((m) => m.PlayerPage)),
  shared: lazyMuiComponent(() => import('@/features/shares/shared-page').then((m) => m.SharedPage)),
  discover: lazyMuiComponent(() =>
    import('@/features/discover/discover-page').then((m) => m.DiscoverPage),
  ),
  userDashboard: lazyMuiComponent(() =>
    import('@/features/dashboard/user-dashboard-page').then((m) => m.UserDashboardPage),
  ),
  album: lazyMuiComponent(() => import('@/features/catalogue/album-page').then((m) => m.AlbumPage)),
  artist: lazyMuiComponent(() =>
    import('@/features/catalogue/artist-page').then((m) => m.ArtistPage),
  ),
  search: lazyMuiComponent(() =>
    import('@/features/catalogue/search-page').then((m) => m.SearchPage),
  ),
  playlist: lazyMuiComponent(() =>
    import('@/features/playlist/playlist-page').then((m) => m.PlaylistPage),
  ),
  smartPlaylistEditor: lazyMuiComponent(() =>
    import('@/features/smart-playlists/smart-playlist-editor-page').then(
      (m) => m.SmartPlaylistEditorPage,
    ),
  ),
  liveRadio: lazyMuiComponent(() =>
    import('@/features/live-radio/live-radio-page').then((m) => m.LiveRadioPage),
  ),
  podcasts: lazyMuiComponent(() =>
    import('@/features/podcasts/podcasts-page').then((m) => m.PodcastsPage),
  ),
  podcast: lazyMuiComponent(() =>
    import('@/features/podcasts/podcast-page').then((m) => m.PodcastPage),
  ),
  tagGenres: lazyMuiComponent(() =>
    import('@/features/tag-genres/tag-genres-page').then((m) => m.TagGenresPage),
  ),
  tagGenre: lazyMuiComponent(() =>
    import('@/features/tag-genres/tag-genre-page').then((m) => m.TagGenrePage),
  ),
  myPlaylists: lazyMuiComponent(() =>
    import('@/features/playlist/my-playlists-page').then((m) => m.MyPlaylistsPage),
  ),
  allAlbums: lazyMuiComponent(() =>
    import('@/features/my-music/all-albums-page').then((m) => m.AllAlbumsPage),
  ),
  allArtists: lazyMuiComponent(() =>
    import('@/features/my-music/all-artists-page').then((m) => m.AllArtistsPage),
  ),
  likedSongs: lazyMuiComponent(() =>
    import('@/features/my-music/liked-songs-page').then((m) => m.LikedSongsPage),
  ),
  recentlyPlayed: lazyMuiComponent(() =>
    import('@/features/my-music/recently-played-page').then((m) => m.RecentlyPlayedPage),
  ),
  history: lazyMuiComponent(() =>
    import('@/features/history/history-page').then((m) => m.HistoryPage),
  ),
  stats: lazyMuiComponent(() =>
    import('@/features/listening-stats/stats-page').then((m) => m.StatsPage),
  ),
  yearInMusic: lazyMuiComponent(() =>
    import('@/features/listening-stats/year-in-music-page').then((m) => m.YearInMusicPage),
  ),
  account: lazyMuiComponent(() =>
    import('@/features/account/account-page').then((m) => m.AccountPage),
  ),
  confirmEmail: lazyMuiComponent(() =>
    import('@/features/account/confirm-email-page').then((m) => m.ConfirmEmailPage),
  ),
  adminDashboard: lazyMuiComponent(() =>
    import('@/features/admin/admin-dashboard-page').then((m) => m.AdminDashboardPage),
  ),
  notFound: lazyMuiComponent(() =>
    import('@/features/status/not-found-page').then((m) => m.NotFoundPage),
  ),
} satisfies Record<string, LazyPage>;

// The genre page answers an unknown genre with the 404 page, which only app/ may hand it.
const genrePage = lazyMuiComponent(() =>
  import('@/features/genre/genre-page').then((m) => m.GenrePage),
);

/** Shown when a screen throws while rendering or its code fails to load (drawn with MUI). */
const routeErrorPage = lazyMuiComponent(() =>
  import('@/components/route-error-page').then((m) => m.RouteErrorPage),
);

type LazyPage = LazyComponent<Record<string, never>>;

interface PageHandle {
  preload: () => Promise<void>;
  /**
   * Starts what a signed-in listener's screen shows first (its data, its open part's code), for
   * the first screen: beside its chunk rather than after its first render.
   */
  prepare?: Prepare;
}

type Prepare = (queryClient: QueryClient, search: string) => void;

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
function protectedRoute(
  path: string,
  page: LazyPage,
  { adminOnly = false, prepare }: { adminOnly?: boolean; prepare?: Prepare } = {},
): RouteObject {
  return {
    path,
    element: (
      <ProtectedRoute adminOnly={adminOnly}>
        <page.Component />
      </ProtectedRoute>
    ),
    handle: { preload: page.preload, prepare } satisfies PageHandle,
  };
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: (
      <Suspense fallback={null}>
        <routeErrorPage.Component />
      </Suspense>
    ),
    children: [
      publicRoute('/', pages.landing),
      publicRoute('/home', pages.landing),
      signedOutRoute('/login', pages.login),
      signedOutRoute('/signup', pages.signup),
      publicRoute('/forgot-password', pages.forgotPassword),
      publicRoute('/reset-password/:resetToken', pages.resetPassword),
      publicRoute('/change-password', pages.changePassword),
      publicRoute('/unauthorized', pages.unauthorized),
      publicRoute('/privacy-policy', pages.privacyPolicy),
      publicRoute('/terms-of-service', pages.termsOfService),
      publicRoute('/contact', pages.contact),
      publicRoute('/pricing', pages.pricing),
      publicRoute('/feedback', pages.feedback),
      publicRoute('/under-development', pages.underDevelopment),
      // A listener's public link: it plays for visitors without an account.
      publicRoute('/share/:id', pages.shared),
      protectedRoute('/player', pages.player),
      protectedRoute('/discover', pages.discover, { prepare: prepareDiscover }),
      protectedRoute('/user/dashboard', pages.userDashboard, { prepare: prepareDashboard }),
      protectedRoute('/account', pages.account),
      // The link may be opened on another device, signed out: it needs no session.
      publicRoute('/account/confirm-email/:token', pages.confirmEmail),
      protectedRoute('/album/:id', pages.album),
      protectedRoute('/artist/:id', pages.artist),
      protectedRoute('/search', pages.search),
      protectedRoute('/playlist/:id', pages.playlist),
      protectedRoute('/smart-playlists/new', pages.smartPlaylistEditor),
      protectedRoute('/smart-playlists/:id/edit', pages.smartPlaylistEditor),
      // The genres the files name; /genre/:genre below is one of the seven filed genres.
      protectedRoute('/genres', pages.tagGenres),
      protectedRoute('/genres/:id', pages.tagGenre),
      protectedRoute('/live-radio', pages.liveRadio),
      protectedRoute('/podcasts', pages.podcasts),
      protectedRoute('/podcasts/:id', pages.podcast),
      protectedRoute('/library/playlists', pages.myPlaylists),
      protectedRoute('/library/albums', pages.allAlbums),
      protectedRoute('/library/artists', pages.allArtists),
      protectedRoute('/library/liked', pages.likedSongs),
      protectedRoute('/library/recent', pages.recentlyPlayed),
      protectedRoute('/user/history', pages.history),
      protectedRoute('/stats', pages.stats),
      protectedRoute('/stats/years/:year', pages.yearInMusic),
      {
        path: '/genre/:genre',
        element: (
          <ProtectedRoute>
            <genrePage.Component notFound={<pages.notFound.Component />} />
          </ProtectedRoute>
        ),
        handle: { preload: genrePage.preload } satisfies PageHandle,
      },
      protectedRoute('/admin/dashboard', pages.adminDashboard, { adminOnly: true }),
      publicRoute('*', pages.notFound),
    ],
  },
];

/**
 * Loads the chunk of the page at `pathname`, so the first render paints it at once instead of
 * a fallback that the page would then replace.
 */
export async function preloadRoute(pathname: string): Promise<void> {
  await Promise.all(handlesAt(pathname).map((handle) => handle.preload()));
}

/**
 * Starts the data (in `queryClient`) and the code of the open part of the signed-in screen at
 * `location`, so they load beside its chunk. Call it once the stored session is known.
 */
export function prepareRoute(
  location: { pathname: string; search: string },
  queryClient: QueryClient,
): void {
  for (const handle of handlesAt(location.pathname)) handle.prepare?.(queryClient, location.search);
}

function handlesAt(pathname: string): PageHandle[] {
  const matches = matchRoutes(routes, pathname) ?? [];
  return matches.flatMap((match) => {
    const handle = match.route.handle as PageHandle | undefined;
    return handle ? [handle] : [];
  });
}

/** Loads every page's chunk (tests render any screen without waiting for one). */
export async function preloadAllPages(): Promise<void> {
  await Promise.all(
    [...Object.values(pages), genrePage, routeErrorPage].map((page) => page.preload()),
  );
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
