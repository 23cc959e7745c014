import { lazyComponent } from '@/lib/lazy-component';

/**
 * The dashboard's drawer and playlist dialogs are closed when the page opens: each is a chunk of
 * its own, fetched the first time it opens (creating a playlist brings the form library along).
 */
export const dashboardOverlays = {
  drawer: lazyComponent(() =>
    import('./components/dashboard-drawer').then((m) => m.DashboardDrawer),
  ),
  createPlaylist: lazyComponent(() =>
    import('@/components/song-actions/create-playlist-dialog').then((m) => m.CreatePlaylistDialog),
  ),
  addToPlaylist: lazyComponent(() =>
    import('@/components/song-actions/add-to-playlist-dialog').then((m) => m.AddToPlaylistDialog),
  ),
};
