import AddIcon from '@mui/icons-material/Add';
import GridViewIcon from '@mui/icons-material/GridView';
import ViewListIcon from '@mui/icons-material/ViewList';
import QueueMusicIcon from '@mui/icons-material/QueueMusic';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { Playlist } from '@cadenza/contract/playlists';
import type { Song } from '@cadenza/contract/songs';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PageBreadcrumbs } from '@/components/page-breadcrumbs';
import { PlaylistCard } from '@/components/playlist-card';
import { CardGrid, CardGridItem } from '@/components/song-grid';
import { useToast } from '@/components/toast-context';
import { useAuthStore } from '@/lib/auth-store';
import { usePlaylists } from '@/api/playlists/get-playlists';
import { useProfile } from '@/api/profile/get-profile';
import { useLikedSongs } from '@/api/songs/get-liked-songs';
import { useSavedSongs } from '@/api/songs/get-saved-songs';
import { useSongMarks } from '@/api/songs/get-song-marks';
import { PagedResults } from '@/components/paged-results';
import { useRecentlyPlayed } from '@/api/songs/get-recently-played';
import { useAllSongs } from '@/api/songs/get-songs';
import { useLogout } from '@/api/auth/logout';
import { useDeletePlaylist } from '@/api/playlists/delete-playlist';
import { useSearchSongs } from '@/api/search/search-songs';
import { AddToPlaylistDialog } from '@/components/song-actions/add-to-playlist-dialog';
import { CreatePlaylistDialog } from '@/components/song-actions/create-playlist-dialog';
import { AppsSection } from './components/apps/apps-section';
import { DashboardDrawer, type DrawerContent } from './components/dashboard-drawer';
import { HomeRows } from './components/home-rows';
import { ProfileCard } from './components/profile-card';
import { SearchBar } from './components/search-bar';
import { EmptyState, SongSection } from './components/song-section';
import { VirtualSongGrid } from './components/virtual-song-grid';
import { useSongActions } from '@/components/song-actions/use-song-actions';
import { TrackList } from '@/components/track-list/track-list';
import { useSongView, type SongView } from './hooks/use-song-view';

/** SPEC.md §9: Popular Songs shows the first 8 songs. */
export const POPULAR_SONGS_COUNT = 8;

/** SPEC.md's five tabs, then the keys for phone apps. */
const TABS = ['Home', 'Browse', 'Liked Songs', 'Library', 'Playlists', 'Apps'] as const;
type TabName = (typeof TABS)[number];

const NO_SONGS: Song[] = [];
const NO_PLAYLISTS: Playlist[] = [];

/** Longer than MUI's animated scroll of a tab strip (300 ms). */
const TAB_SCROLL_SETTLE_MS = 400;

/** How a tab is named in the address (?tab=liked-songs); Home is the page without one. */
function tabSlug(tab: TabName) {
  return tab.toLowerCase().replace(/\s+/g, '-');
}

function tabOf(slug: string | null): TabName {
  return TABS.find((tab) => tabSlug(tab) === slug) ?? 'Home';
}

function tabId(tab: TabName) {
  return `dashboard-tab-${tabSlug(tab)}`;
}

function Loading({ label }: { label: string }) {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
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
  const liked = useLikedSongs();
  const saved = useSavedSongs();
  const songs = useAllSongs();
  const recent = useRecentlyPlayed();
  const playlists = usePlaylists();
  const search = useSearchSongs(query);
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

  // On a narrow screen the chosen tab may be half outside the strip; bring it in whole once the
  // strip has settled (its own scroll is animated and can stop short).
  useEffect(() => {
    const timer = window.setTimeout(() => {
      document.getElementById(tabId(tab))?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    }, TAB_SCROLL_SETTLE_MS);
    return () => window.clearTimeout(timer);
  }, [tab]);

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
    // SPEC.md §4: a tab change clears the search.
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

  // Every song, a page at a time, as a track list or a grid of cards.
  const browseList = {
    songs: allSongs,
    label: 'All Songs',
    actions,
    hasMore: songs.hasNextPage,
    loadingMore: songs.isFetchingNextPage,
    onLoadMore: handleLoadMore,
  };

  const renderTab = () => {
    switch (tab) {
      case 'Home': {
        if (songs.isPending || recent.isPending) return <Loading label="Loading songs" />;
        // SPEC.md §4: on Home the queue comes from recently played if any, else all songs.
        const homeList = recentSongs.length > 0 ? recentSongs : allSongs;
        return (
          <>
            {recentSongs.length > 0 && (
              <SongSection
                view={view}
                title="Recently Played"
                songs={recentSongs}
                queueList={homeList}
                actions={actions}
              />
            )}
            <SongSection
              view={view}
              title="Popular Songs"
              songs={popularSongs}
              queueList={homeList}
              actions={actions}
              empty={<EmptyState text="No songs available" />}
            />
            <HomeRows actions={actions} />
          </>
        );
      }
      case 'Browse':
        return (
          <Box component="section" aria-label="All Songs">
            <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
              All Songs
            </Typography>
            {songs.isPending ? (
              <Loading label="Loading songs" />
            ) : allSongs.length === 0 ? (
              <EmptyState text="No songs available" />
            ) : view === 'list' ? (
              <TrackList {...browseList} />
            ) : (
              <VirtualSongGrid {...browseList} />
            )}
          </Box>
        );
      case 'Liked Songs': {
        const likedSection = (items: readonly Song[]) => (
          <SongSection
            view={view}
            title="Liked Songs"
            songs={items}
            actions={actions}
            empty={
              <EmptyState text="You haven't liked any songs yet">
                <Button variant="contained" onClick={() => changeTab('Browse')}>
                  Browse Songs
                </Button>
              </EmptyState>
            }
          />
        );
        return (
          <PagedResults
            query={liked}
            skeleton={<Loading label="Loading liked songs" />}
            errorMessage="Your liked songs could not be loaded."
            empty={likedSection(NO_SONGS)}
          >
            {likedSection}
          </PagedResults>
        );
      }
      case 'Library': {
        const librarySection = (items: readonly Song[]) => (
          <SongSection
            view={view}
            title="Library"
            songs={items}
            actions={actions}
            empty={<EmptyState text="Your library is empty" />}
          />
        );
        return (
          <PagedResults
            query={saved}
            skeleton={<Loading label="Loading your library" />}
            errorMessage="Your library could not be loaded."
            empty={librarySection(NO_SONGS)}
          >
            {librarySection}
          </PagedResults>
        );
      }
      case 'Playlists':
        if (playlists.isPending) return <Loading label="Loading playlists" />;
        return (
          <Box component="section" aria-label="Playlists">
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
              <Typography variant="h5" component="h2" sx={{ flex: 1 }}>
                Playlists
              </Typography>
              {ownPlaylists.length > 0 && (
                <Button
                  variant="contained"
                  startIcon={<AddIcon />}
                  onClick={() => setCreateOpen(true)}
                >
                  Create Playlist
                </Button>
              )}
            </Box>
            {ownPlaylists.length === 0 ? (
              <EmptyState text="You haven't created any playlists yet">
                <Button
                  variant="contained"
                  startIcon={<AddIcon />}
                  onClick={() => setCreateOpen(true)}
                >
                  Create First Playlist
                </Button>
              </EmptyState>
            ) : (
              <CardGrid label="Playlists">
                {ownPlaylists.map((playlist) => (
                  <CardGridItem key={playlist._id}>
                    <PlaylistCard
                      playlist={playlist}
                      onOpen={openPlaylist}
                      onDelete={askToDelete}
                    />
                  </CardGridItem>
                ))}
              </CardGrid>
            )}
            {featuredPlaylists.length > 0 && (
              <>
                <Typography variant="h6" component="h3" sx={{ mt: 4, mb: 2 }}>
                  Featured Playlists
                </Typography>
                <CardGrid label="Featured Playlists">
                  {featuredPlaylists.map((playlist) => (
                    <CardGridItem key={playlist._id}>
                      <PlaylistCard playlist={playlist} onOpen={openPlaylist} />
                    </CardGridItem>
                  ))}
                </CardGrid>
              </>
            )}
          </Box>
        );
      case 'Apps':
        return <AppsSection email={email} />;
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
          library: marks.data?.saved.length ?? 0,
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

      <Tabs
        value={tab}
        onChange={(_, next: TabName) => changeTab(next)}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label="Dashboard sections"
        sx={{ mt: 2, mb: 3, borderBottom: 1, borderColor: 'divider' }}
      >
        {TABS.map((name) => (
          <Tab key={name} label={name} value={name} id={tabId(name)} />
        ))}
      </Tabs>

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
          renderTab()
        )}
      </Box>

      <DashboardDrawer content={drawerContent} userId={user?._id} onClose={closeDrawer} />
      {/* Opened from 'Add to Playlist', that dialog comes back afterwards with the new playlist. */}
      <CreatePlaylistDialog open={createOpen} onClose={() => setCreateOpen(false)} />
      <AddToPlaylistDialog
        song={createOpen ? null : songForPlaylist}
        playlists={ownPlaylists}
        onClose={() => setSongForPlaylist(null)}
        onCreatePlaylist={() => setCreateOpen(true)}
      />
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
