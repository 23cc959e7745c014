import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { AlbumCard } from '@/components/album-card';
import { songCountLabel } from '@/components/playlist-card';
import { CardGridSkeleton, TrackListSkeleton } from '@/components/skeletons';
import { useSongActionsWithDialogs } from '@/components/song-actions/song-action-dialogs';
import { queueMenuActions } from '@/components/song-actions/queue-menu-actions';
import { artistPath } from '@/components/song-actions/song-menu-actions';
import { CardGrid, CardGridItem } from '@/components/song-grid';
import { SongMenu } from '@/components/song-menu';
import { TrackList } from '@/components/track-list/track-list';
import { useArtist } from '@/api/catalogue/get-artist';
import type { QueueSource } from '@/lib/player/queue';
import { CatalogueLoadFailure } from './components/catalogue-page-state';
import { CollectionHeader, CollectionHeaderSkeleton } from './components/collection-header';
import { PlayButtons } from './components/play-buttons';

/** Top songs shown at first; "Show more" shows all the server sends (ARTIST_TOP_SONGS). */
export const TOP_SONGS_SHOWN = 5;

function albumCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'album' : 'albums'}`;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ mb: 5 }}>
      <Typography variant="h5" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** /artist/:id — picture, name, Play (their top songs), top songs and albums. */
export function ArtistPage() {
  const { id = '' } = useParams();
  const artist = useArtist(id);
  const { actions, dialogs } = useSongActionsWithDialogs();
  const [expanded, setExpanded] = useState(false);

  if (artist.isPending)
    return (
      <Container maxWidth="xl" sx={{ py: { xs: 3, md: 4 } }}>
        <CollectionHeaderSkeleton round />
        <TrackListSkeleton rows={5} label="Loading artist" />
        <CardGridSkeleton count={5} />
      </Container>
    );
  if (artist.isError)
    return (
      <CatalogueLoadFailure
        error={artist.error}
        what="Artist"
        onRetry={() => artist.refetch()}
        retrying={artist.isFetching}
      />
    );

  const { name, imageUrl, albums, topSongs, albumCount, songCount } = artist.data;
  const shown = expanded ? topSongs : topSongs.slice(0, TOP_SONGS_SHOWN);
  const source: QueueSource = { kind: 'artist', label: name, path: artistPath(id) };

  return (
    <Container maxWidth="xl" sx={{ py: { xs: 3, md: 4 } }}>
      <title>{`${name} · Cadenza`}</title>
      <CollectionHeader
        kind="Artist"
        title={name}
        imageUrl={imageUrl}
        round
        facts={`${albumCountLabel(albumCount)} • ${songCountLabel(songCount)}`}
        actions={
          <>
            <PlayButtons name={name} songs={topSongs} source={source} />
            {topSongs.length > 0 && (
              <SongMenu title={name} actions={queueMenuActions(topSongs, actions)} horizontal />
            )}
          </>
        }
      />
      {topSongs.length > 0 && (
        <Section title="Popular">
          <TrackList
            songs={shown}
            queue={topSongs}
            source={source}
            label={`Popular songs of ${name}`}
            actions={actions}
            showHeader={false}
          />
          {topSongs.length > TOP_SONGS_SHOWN && (
            <Button
              color="inherit"
              onClick={() => setExpanded((open) => !open)}
              sx={{ mt: 1, color: 'text.secondary', fontWeight: 700 }}
            >
              {expanded ? 'Show less' : 'Show more'}
            </Button>
          )}
        </Section>
      )}
      {albums.length > 0 && (
        <Section title="Albums">
          <CardGrid label={`Albums of ${name}`}>
            {albums.map((album) => (
              <CardGridItem key={album._id}>
                <AlbumCard album={album} showArtist={false} />
              </CardGridItem>
            ))}
          </CardGrid>
        </Section>
      )}
      {dialogs}
    </Container>
  );
}
