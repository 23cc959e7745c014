import GridViewIcon from '@mui/icons-material/GridView';
import ViewListIcon from '@mui/icons-material/ViewList';
import QueueMusicIcon from '@mui/icons-material/QueueMusic';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import type { Playlist } from '@cadenza/contract/playlists';
import type { Song } from '@cadenza/contract/songs';
import { Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PageBreadcrumbs } from '@/components/page-breadcrumbs';
import { useToast } from '@/components/toast-context';
import { useAuthStore } from '@/lib/auth-store';
import { usePlaylists } from '@/api/playlists/get-playlists';
import { useProfile } from '@/api/profile/get-profile';
import { useSongMarks } from '@/api/songs/get-song-marks';
import { useRecentlyPlayed } from '@/api/songs/get-recently-played';
import { useAllSongs } from '@/api/songs/get-songs';
import { useLogout } from '@/api/auth/logout';
import { useDeletePlaylist } from '@/api/playlists/delete-playlist';
import { useSearch } from '@/api/search/use-search';
import { useSongActions } from '@/components/song-actions/use-song-actions';
import { dashboardOverlays } from './dashboard-overlays';
import { POPULAR_SONGS_COUNT, preloadHomeCovers } from './home-first-grid';
import type { DrawerContent } from './components/dashboard-drawer';
import { DashboardTabStrip } from './components/dashboard-tab-strip';
import { Deferred } from './components/deferred';
import { Loading } from './components/loading';
import { ProfileCard } from './components/profile-card';
import { SearchBar } from './components/search-bar';
import { EmptyState, SongSection } from './components/song-section';
import { tabOf, TABS, tabSlug, tabViews, type TabName } from './dashboard-tabs';
import { useEverTrue } from './hooks/use-ever-true';
import { useSongView, type SongView } from './hooks/use-song-view';

const NO_SONGS: Song[] = [];
const NO_PLAYLISTS: Playlist[] = [];

const HomeTabView = tabViews.Home.Component;
const BrowseTabView = tabViews.Browse.Component;
const LikedTabView = tabViews['Liked Songs'].Component;
const SavedSongsTabView = tabViews.Library.Component;
const PlaylistsTabView = tabViews.Playlists.Component;
const AppsTabView = tabViews.Apps.Component;
const DashboardDrawer = dashboardOverlays.drawer.Component;
const CreatePlaylistDialog = dashboardOverlays.createPlaylist.Component;
const AddToPlaylistDialog = dashboardOverlays.addToPlaylist.Component;

function preloadTab(tab: TabName) {
  void tabViews[tab].preload().catch(() => undefined);
}

function tabId(tab: TabName) {
  return `dashboard-tab-${tabSlug(tab)}`;
}

export function UserDashboardPage() {
  const toast = useToast();
  const logout = useLogout();
  const user = useAuthStore((state) => state.user);
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = tabOf(searchParams.get('tab'));
  const [query, setQuery] = useState<string | null>(null);
  const [searchResetKey, setSearchResetKey] = useState(0);
  const [queueOpen, setQueueOpen] = useState(false);
  const [createOpen, setCreateOpen] = useState(false);
  const [songForPlaylist, setSongForPlaylist] = useState<Song | null>(null);
  const [playlistToDelete, setPlaylistToDelete] = useState<Playlist | null>(null);
  // The name stays in the dialog while it fades out.
  const [deleteName, setDeleteName] = useState('');

  const [view, setView] = useSongView();
  const profile = useProfile();
  const marks = useSongMarks();
  const songs = useAllSongs();
  const recent = useRecentlyPlayed();
  const playlists = usePlaylists();
  const search = useSearch('songs', query);
  const deletePlaylist = useDeletePlaylist();

  const dataFailed = songs.isError || recent.isError || playlists.isError;
  useEffect(() => {
    if (dataFailed) toast.error('Error loading your dashboard data');
  }, [dataFailed, toast]);
  useEffect(() => {
    if (profile.isError) toast.error('Failed to load profile information');
  }, [profile.isError, toast]);
  useEffect(() => {
    if (search.isError) toast.error('Error searching for songs');
  }, [search.isError, toast]);

  const allSongs = useMemo(
    () => songs.data?.pages.flatMap((page) => page.data) ?? NO_SONGS,
    [songs.data],
  );
  const recentSongs = useMemo(
    () => recent.data?.map((entry) => entry.song) ?? NO_SONGS,
    [recent.data],
  );
  const popularSongs = useMemo(() => allSongs.slice(0, POPULAR_SONGS_COUNT), [allSongs]);
  if (tab === 'Home' && query === null) preloadHomeCovers(recentSongs, popularSongs);
  const playlistList = playlists.data ?? NO_PLAYLISTS;
  // The listener's own playlists are theirs to count, create and delete; the curated ones (default
  // playlists) are shown apart, so that a new listener is still invited to create a first one.
  const [ownPlaylists, featuredPlaylists] = useMemo(
    () => [
      playlistList.filter((playlist) => playlist.owner._id === user?._id),
      playlistList.filter((playlist) => playlist.owner._id !== user?._id),
    ],
    [playlistList, user?._id],
  );

  const openAddToPlaylist = useCallback((song: Song) => setSongForPlaylist(song), []);
  const actions = useSongActions(openAddToPlaylist);

  const openedPlaylistId = searchParams.get('playlist');
  const drawerContent: DrawerContent = openedPlaylistId
    ? { kind: 'playlist', id: openedPlaylistId }
    : queueOpen
      ? { kind: 'queue' }
      : null;

  const drawerUsed = useEverTrue(drawerContent !== null);
  const createUsed = useEverTrue(createOpen);
  const addUsed = useEverTrue(songForPlaylist !== null);

  const closeDrawer = useCallback(() => {
    setQueueOpen(false);
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        next.delete('playlist');
        return next;
      },
      { replace: true },
    );
  }, [setSearchParams]);

  const openPlaylist = (playlist: Playlist) => {
    setQueueOpen(false);
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        next.set('playlist', playlist._id);
        return next;
      },
      { replace: true },
    );
  };

  const handleSearch = useCallback((text: string) => setQuery(text), []);
  const clearSearch = useCallback(() => setQuery(null), []);

  const changeTab = (next: TabName) => {
    // The open tab lives in the address, so that a link (the sidebar's Apps) can open one.
    setSearchParams(
      (params) => {
        const updated = new URLSearchParams(params);
        if (next === 'Home') updated.delete('tab');
        else updated.set('tab', tabSlug(next));
        return updated;
      },
      { replace: true },
    );
    // docs/product.md §4: a tab change clears the search.
    setQuery(null);
    setSearchResetKey((key) => key + 1);
  };

  const handleLoadMore = useCallback(() => {
    void songs.fetchNextPage();
  }, [songs]);

  const askToDelete = (playlist: Playlist) => {
    setDeleteName(playlist.name);
    setPlaylistToDelete(playlist);
  };

  const confirmDeletePlaylist = () => {
    if (!playlistToDelete) return;
    const deleted = playlistToDelete;
    deletePlaylist.mutate(deleted._id, {
      onSuccess: () => {
        toast.success('Playlist deleted successfully');
        setPlaylistToDelete(null);
        if (openedPlaylistId === deleted._id) closeDrawer();
      },
      onError: () => {
        toast.error('Failed to delete playlist');
        setPlaylistToDelete(null);
      },
    });
  };

  const name = profile.data?.name ?? user?.name ?? '';
  const email = profile.data?.email ?? user?.email ?? '';

  const renderTab = () => {
    switch (tab) {
      case 'Home':
        if (songs.isPending || recent.isPending) return <Loading label="Loading songs" />;
        return (
          <HomeTabView
            view={view}
            recentSongs={recentSongs}
            popularSongs={popularSongs}
            allSongs={allSongs}
            actions={actions}
          />
        );
      case 'Browse':
        return (
          <BrowseTabView
            view={view}
            pending={songs.isPending}
            songs={allSongs}
            actions={actions}
            hasMore={songs.hasNextPage}
            loadingMore={songs.isFetchingNextPage}
            onLoadMore={handleLoadMore}
          />
        );
      case 'Liked Songs':
        return <LikedTabView view={view} actions={actions} onBrowse={() => changeTab('Browse')} />;
      case 'Library':
        return <SavedSongsTabView view={view} actions={actions} />;
      case 'Playlists':
        if (playlists.isPending) return <Loading label="Loading playlists" />;
        return (
          <PlaylistsTabView
            ownPlaylists={ownPlaylists}
            featuredPlaylists={featuredPlaylists}
            onCreate={() => setCreateOpen(true)}
            onOpen={openPlaylist}
            onDelete={askToDelete}
          />
        );
      case 'Apps':
        return <AppsTabView email={email} />;
    }
  };

  const searchResults = search.data ?? NO_SONGS;

  return (
    <Container maxWidth="xl" sx={{ py: { xs: 3, md: 4 } }}>
      <PageBreadcrumbs current="Dashboard" />
      <ProfileCard
        name={name}
        email={email}
        profileImage={profile.data?.profileImage ?? user?.profileImage ?? null}
        counts={{
          liked: marks.data?.liked.length ?? 0,
          saved: marks.data?.saved.length ?? 0,
          playlists: ownPlaylists.length,
          recentlyPlayed: recentSongs.length,
        }}
        onLogout={() => void logout()}
      />

      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ mt: 3, alignItems: { xs: 'stretch', sm: 'center' } }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <SearchBar
            active={query !== null}
            resetKey={searchResetKey}
            onSearch={handleSearch}
            onClear={clearSearch}
          />
        </Box>
        <Button
          variant="outlined"
          color="inherit"
          startIcon={<QueueMusicIcon />}
          onClick={() => setQueueOpen(true)}
          sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}
        >
          Now Playing
        </Button>
      </Stack>

      <DashboardTabStrip
        label="Dashboard sections"
        tabs={TABS}
        value={tab}
        tabId={tabId}
        onChange={changeTab}
        // Pointing at or tabbing to a tab fetches its code, mostly before the click.
        onApproach={preloadTab}
      />

      {(tab !== 'Playlists' && tab !== 'Apps') || query !== null ? (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: -1, mb: 2 }}>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={view}
            onChange={(_, next: SongView | null) => {
              if (next) setView(next);
            }}
            aria-label="Show songs as"
          >
            <ToggleButton value="grid" aria-label="Grid">
              <GridViewIcon fontSize="small" />
            </ToggleButton>
            <ToggleButton value="list" aria-label="List">
              <ViewListIcon fontSize="small" />
            </ToggleButton>
          </ToggleButtonGroup>
        </Box>
      ) : null}

      <Box role="tabpanel" aria-labelledby={tabId(tab)}>
        {/* The page's head (profile, search, tabs) is drawn first, the open tab's songs after it
            in a render React may spread over several tasks, not with it in one long task. */}
        <Deferred fallback={<Loading label="Loading songs" />}>
          {query !== null ? (
            search.isPending || (search.isPlaceholderData && search.isFetching) ? (
              <Loading label="Searching" />
            ) : (
              <SongSection
                view={view}
                title="Search Results"
                songs={searchResults}
                actions={actions}
                empty={<EmptyState text={`No results found for "${query}"`} />}
              />
            )
          ) : (
            // One boundary per tab: a tab whose code is still on its way shows the spinner at
            // once, instead of the previous tab staying until it arrives.
            <Suspense key={tab} fallback={<Loading label="Loading songs" />}>
              {renderTab()}
            </Suspense>
          )}
        </Deferred>
      </Box>

      {/* No fallback: a closed overlay shows nothing, and an opening one appears with its code. */}
      <Suspense fallback={null}>
        {drawerUsed && (
          <DashboardDrawer content={drawerContent} userId={user?._id} onClose={closeDrawer} />
        )}
        {/* Opened from 'Add to Playlist', that dialog comes back afterwards with the new playlist. */}
        {createUsed && (
          <CreatePlaylistDialog open={createOpen} onClose={() => setCreateOpen(false)} />
        )}
        {addUsed && (
          <AddToPlaylistDialog
            song={createOpen ? null : songForPlaylist}
            playlists={ownPlaylists}
            onClose={() => setSongForPlaylist(null)}
            onCreatePlaylist={() => setCreateOpen(true)}
          />
        )}
      </Suspense>
      <ConfirmDialog
        open={playlistToDelete !== null}
        title="Delete playlist"
        message={`Are you sure you want to delete the playlist "${deleteName}"?`}
        pending={deletePlaylist.isPending}
        onConfirm={confirmDeletePlaylist}
        onClose={() => setPlaylistToDelete(null)}
      />
    </Container>
  );
}
