import Box from '@mui/material/Box';
import type { Playlist } from '@cadenza/contract/playlists';
import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { useHomeRows } from '@/api/catalogue/get-home-rows';
import { usePlaylists } from '@/api/playlists/get-playlists';
import { useMixes } from '@/api/radio/radio';
import { AlbumCard } from '@/components/album-card';
import { ArtistCard } from '@/components/artist-card';
import { LoadError } from '@/components/load-error';
import { MediaRow } from '@/components/media-row';
import { PlaylistCard } from '@/components/playlist-card';
import { CardGridSkeleton } from '@/components/skeletons';
import type { SongActions } from '@/components/song-actions/use-song-actions';
import { capitalize } from '@/lib/format';
import { useAuthStore } from '@/lib/auth-store';
import { useDeferredMount } from '@/lib/use-deferred-mount';
import { useNearViewport } from '@/lib/use-near-viewport';
import { QueueSongCard } from '@/components/queue-song-card';
import { MixCard } from './mix-card';
import { OnThisDayRow } from './on-this-day-row';

const NO_PLAYLISTS: Playlist[] = [];

/**
 * Home's rows after Recently Played and Popular Songs: new albums, the listener's playlists, mixes
 * from what they play most (each a radio station), On this day (songs played and albums released
 * on today's date in earlier years), the artists they play most and one row per genre that has songs, each with "Show all". A row with
 * nothing to show is left out.
 */
export function HomeRows({ actions }: { actions: SongActions }) {
  const navigate = useNavigate();
  const home = useHomeRows();
  const playlists = usePlaylists();
  const mixes = useMixes();
  const userId = useAuthStore((state) => state.user?._id);
  // Below Recently Played and Popular Songs, out of the first screen: built when scrolled (or
  // tabbed) towards, then after the songs above them, in slices, not in their task.
  const placeholder = useRef<HTMLDivElement>(null);
  const mounted = useDeferredMount(useNearViewport(placeholder));
  const ownPlaylists = (playlists.data ?? NO_PLAYLISTS).filter(
    (playlist) => playlist.owner._id === userId,
  );

  if (home.isPending || !mounted) {
    return (
      <div ref={placeholder}>
        <CardGridSkeleton label="Loading more for you" />
      </div>
    );
  }
  if (home.isError) {
    return (
      <LoadError
        message="Albums, artists and genres could not be loaded."
        retrying={home.isFetching}
        onRetry={() => home.refetch()}
      />
    );
  }
  const { newAlbums, topArtists, genres } = home.data;
  return (
    <Box sx={{ display: 'grid', gap: 4, mb: 4 }}>
      {newAlbums.length > 0 && (
        <MediaRow title="New albums" showAllHref="/library/albums">
          {newAlbums.map((album) => (
            <AlbumCard key={album._id} album={album} />
          ))}
        </MediaRow>
      )}
      {ownPlaylists.length > 0 && (
        <MediaRow title="Your playlists" showAllHref="/library/playlists">
          {ownPlaylists.map((playlist) => (
            <PlaylistCard
              key={playlist._id}
              playlist={playlist}
              onOpen={(opened) => void navigate(`/playlist/${opened._id}`)}
            />
          ))}
        </MediaRow>
      )}
      {mixes.data && mixes.data.length > 0 && (
        <MediaRow title="Mixes for you">
          {mixes.data.map((mix) => (
            <MixCard
              key={`${mix.seed.kind}-${mix.seed.id}`}
              mix={mix}
              onPlay={(chosen) => actions.startRadio(chosen.seed)}
            />
          ))}
        </MediaRow>
      )}
      <OnThisDayRow />
      {topArtists.length > 0 && (
        <MediaRow title="Artists you play most" showAllHref="/library/artists">
          {topArtists.map((artist) => (
            <ArtistCard key={artist._id} artist={artist} />
          ))}
        </MediaRow>
      )}
      {genres.map((row) => (
        <MediaRow key={row.genre} title={capitalize(row.genre)} showAllHref={`/genre/${row.genre}`}>
          {row.songs.map((song) => (
            <QueueSongCard key={song._id} song={song} list={row.songs} actions={actions} />
          ))}
        </MediaRow>
      ))}
    </Box>
  );
}
