import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import type { Song } from '@cadenza/contract/songs';
import { useParams } from 'react-router';
import { songCountLabel } from '@/components/playlist-card';
import { TrackListSkeleton } from '@/components/skeletons';
import { useSongActionsWithDialogs } from '@/components/song-actions/song-action-dialogs';
import { queueMenuActions } from '@/components/song-actions/queue-menu-actions';
import { albumPath, artistPath } from '@/components/song-actions/song-menu-actions';
import { SongMenu } from '@/components/song-menu';
import { TrackList } from '@/components/track-list/track-list';
import { useAlbum } from '@/api/catalogue/get-album';
import { formatTotalDuration } from '@/lib/format';
import type { QueueSource } from '@/lib/player/queue';
import { CatalogueLoadFailure } from './components/catalogue-page-state';
import { CollectionHeader, CollectionHeaderSkeleton } from './components/collection-header';
import { PlayButtons } from './components/play-buttons';

const discOf = (song: Song) => `Disc ${song.discNumber ?? 1}`;

/** /album/:id — the album's cover, facts, Play and Shuffle, and its tracks (by disc). */
export function AlbumPage() {
  const { id = '' } = useParams();
  const album = useAlbum(id);
  const { actions, dialogs } = useSongActionsWithDialogs();

  if (album.isPending)
    return (
      <Container maxWidth="xl" sx={{ py: { xs: 3, md: 4 } }}>
        <CollectionHeaderSkeleton />
        <TrackListSkeleton label="Loading album" />
      </Container>
    );
  if (album.isError)
    return (
      <CatalogueLoadFailure
        error={album.error}
        what="Album"
        onRetry={() => album.refetch()}
        retrying={album.isFetching}
      />
    );

  const { title, artist, year, songs, discCount, coverImage } = album.data;
  const totalMs = songs.reduce((sum, song) => sum + song.durationMs, 0);
  const source: QueueSource = { kind: 'album', label: title, path: albumPath(id) };

  return (
    <Container maxWidth="xl" sx={{ py: { xs: 3, md: 4 } }}>
      <title>{`${title} · ${artist.name} · Cadenza`}</title>
      <CollectionHeader
        kind="Album"
        title={title}
        imageUrl={coverImage}
        facts={
          <>
            <Link href={artistPath(artist._id)} underline="hover">
              {artist.name}
            </Link>
            {[year, songCountLabel(songs.length), formatTotalDuration(totalMs)]
              .filter((fact) => fact !== null)
              .map((fact) => (
                <Box component="span" key={String(fact)}>
                  {' • '}
                  {fact}
                </Box>
              ))}
          </>
        }
        actions={
          <>
            <PlayButtons name={`album ${title}`} songs={songs} source={source} shuffle />
            <SongMenu title={title} actions={queueMenuActions(songs, actions)} horizontal />
          </>
        }
      />
      <TrackList
        songs={songs}
        label={`Tracks of ${title}`}
        actions={actions}
        source={source}
        numbering="track"
        showAlbum={false}
        showCover={false}
        sectionOf={discCount > 1 ? discOf : undefined}
      />
      {dialogs}
    </Container>
  );
}
