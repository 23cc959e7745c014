import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import type { Album } from '@cadenza/contract/catalogue';
import { releaseGroupsOf } from '@cadenza/contract/release-groups';
import { AlbumCard } from '@/components/album-card';
import { CardGridSkeleton, TrackListSkeleton } from '@/components/skeletons';
import { useSongActionsWithDialogs } from '@/components/song-actions/song-action-dialogs';
import { queueMenuActions } from '@/components/song-actions/queue-menu-actions';
import { radioMenuAction } from '@/components/song-actions/song-menu-actions';
import { artistPath } from '@/components/song-actions/song-menu-actions';
import { CardGrid, CardGridItem } from '@/components/song-grid';
import { SongMenu } from '@/components/song-menu';
import { TrackList } from '@/components/track-list/track-list';
import { useArtist } from '@/api/catalogue/get-artist';
import type { QueueSource } from '@/lib/player/queue';
import { CatalogueLoadFailure } from './components/catalogue-page-state';
import { CollectionHeader, CollectionHeaderSkeleton } from './components/collection-header';
import { LikeButton } from './components/like-button';
import { PlayButtons } from './components/play-buttons';
import { artistFacts } from './artist-facts';

/** Top songs shown at first; "Show more" shows all the server sends (ARTIST_TOP_SONGS). */
export const TOP_SONGS_SHOWN = 5;

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

function AlbumGrid({
  label,
  albums,
  showArtist,
}: {
  label: string;
  albums: readonly Album[];
  showArtist: boolean;
}) {
  return (
    <CardGrid label={label}>
      {albums.map((album) => (
        <CardGridItem key={album._id}>
          <AlbumCard album={album} showArtist={showArtist} />
        </CardGridItem>
      ))}
    </CardGrid>
  );
}

/**
 * /artist/:id — picture, name, Play (their top songs), their heart, top songs, their releases by
 * type (Albums, EPs, Singles, Compilations, Live) and the albums of others they appear on.
 */
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

  const { name, imageUrl, albums, appearsOn, topSongs } = artist.data;
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
        facts={artistFacts(artist.data)}
        actions={
          <>
            <PlayButtons name={name} songs={topSongs} source={source} />
            <LikeButton kind="artist" id={id} />
            {topSongs.length > 0 && (
              <SongMenu
                title={name}
                actions={[
                  ...queueMenuActions(topSongs, actions),
                  radioMenuAction({ kind: 'artist', id }, actions),
                ]}
                horizontal
              />
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
      {releaseGroupsOf(albums).map((group) => (
        <Section key={group.group} title={group.label}>
          <AlbumGrid label={`${group.label} of ${name}`} albums={group.albums} showArtist={false} />
        </Section>
      ))}
      {appearsOn.length > 0 && (
        <Section title="Appears on">
          <AlbumGrid label={`Albums ${name} appears on`} albums={appearsOn} showArtist />
        </Section>
      )}
      {dialogs}
    </Container>
  );
}
