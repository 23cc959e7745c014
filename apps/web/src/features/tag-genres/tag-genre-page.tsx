import SearchOffIcon from '@mui/icons-material/SearchOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';
import { useTagGenre } from '@/api/genres/get-tag-genre';
import { useTagGenreAlbums } from '@/api/genres/get-tag-genre-albums';
import { useTagGenreSongs } from '@/api/genres/get-tag-genre-songs';
import { AlbumCard } from '@/components/album-card';
import { EmptyState } from '@/components/empty-state';
import { tagGenrePath } from '@/components/genre-chips';
import { LoadError } from '@/components/load-error';
import { MediaRow } from '@/components/media-row';
import { PageHeading, PageSection } from '@/components/page-heading';
import { PagedResults, useLoadNextPage, usePagedItems } from '@/components/paged-results';
import { PlayShuffleButtons } from '@/components/play-shuffle-buttons';
import { RadioButton } from '@/components/radio-button';
import { TrackListSkeleton } from '@/components/skeletons';
import { useSongActionsWithDialogs } from '@/components/song-actions/song-action-dialogs';
import { StatusPage } from '@/components/status-page';
import { TrackList } from '@/components/track-list/track-list';
import { ApiError } from '@/lib/api-client';
import type { QueueSource } from '@/lib/player/queue';
import { genreCountsLabel } from './genre-counts';

/** An id the server does not know (404) or that cannot be one (400): no such genre. */
function isMissing(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

/** The genre's albums, by title, a row that grows by a page at its end. */
function GenreAlbums({ id }: { id: string }) {
  const albums = useTagGenreAlbums(id);
  const loaded = usePagedItems(albums);
  const loadNextPage = useLoadNextPage(albums);
  if (albums.isPending || albums.isError || loaded.length === 0) return null;
  return (
    <MediaRow title="Albums">
      {loaded.map((album) => (
        <AlbumCard key={album._id} album={album} />
      ))}
      {albums.hasNextPage && (
        <Box sx={{ height: '100%', display: 'grid', placeItems: 'center' }}>
          <Button
            variant="outlined"
            color="inherit"
            disabled={albums.isFetchingNextPage}
            onClick={loadNextPage}
          >
            More albums
          </Button>
        </Box>
      )}
    </MediaRow>
  );
}

/**
 * /genres/:id — one tag genre: its name and counts, Play, Shuffle and Radio, its albums, and its songs
 * newest added first (a page at a time as the list scrolls), playable like any other list.
 */
export function TagGenrePage() {
  const { id = '' } = useParams();
  const genre = useTagGenre(id);
  const songs = useTagGenreSongs(id);
  const loaded = usePagedItems(songs);
  const loadNextPage = useLoadNextPage(songs);
  const { actions, dialogs } = useSongActionsWithDialogs();

  if (genre.isPending)
    return (
      <PageSection label="Genre">
        <Skeleton variant="text" sx={{ fontSize: '2.5rem', maxWidth: 320 }} />
        <Skeleton variant="text" sx={{ maxWidth: 200, mb: 3 }} />
        <TrackListSkeleton label="Loading genre" />
      </PageSection>
    );
  if (genre.isError) {
    if (isMissing(genre.error))
      return (
        <StatusPage
          icon={<SearchOffIcon />}
          title="Genre Not Found"
          description="No song of the library has this genre any more."
        >
          <title>Genre Not Found · Cadenza</title>
        </StatusPage>
      );
    return (
      <LoadError
        message="Couldn't load this genre."
        onRetry={() => genre.refetch()}
        retrying={genre.isFetching}
      />
    );
  }

  const { name } = genre.data;
  const source: QueueSource = { kind: 'list', label: name, path: tagGenrePath(id) };
  return (
    <PageSection label={name}>
      <PageHeading
        title={name}
        subtitle={genreCountsLabel(genre.data)}
        actions={
          loaded.length > 0 && (
            <>
              <PlayShuffleButtons songs={loaded} />
              <RadioButton seed={{ kind: 'genre', id }} />
            </>
          )
        }
      />
      <GenreAlbums id={id} />
      <Typography variant="h5" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        Songs
      </Typography>
      <PagedResults
        query={songs}
        skeleton={<TrackListSkeleton label={`Loading ${name} songs`} />}
        errorMessage={`${name} songs could not be loaded.`}
        empty={<EmptyState text={`No ${name} songs any more.`} />}
        loadMore={false}
      >
        {(items) => (
          <TrackList
            songs={items}
            label={`${name} songs`}
            actions={actions}
            source={source}
            hasMore={songs.hasNextPage}
            loadingMore={songs.isFetchingNextPage}
            onLoadMore={loadNextPage}
          />
        )}
      </PagedResults>
      {dialogs}
    </PageSection>
  );
}
