import EditIcon from '@mui/icons-material/Edit';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { GenreChips } from '@/components/genre-chips';
import { TrackListSkeleton } from '@/components/skeletons';
import { useSongActionsWithDialogs } from '@/components/song-actions/song-action-dialogs';
import { queueMenuActions } from '@/components/song-actions/queue-menu-actions';
import { radioMenuAction } from '@/components/song-actions/song-menu-actions';
import { albumPath } from '@/components/song-actions/song-menu-actions';
import { SongMenu } from '@/components/song-menu';
import { TrackList } from '@/components/track-list/track-list';
import { useAlbum } from '@/api/catalogue/get-album';
import { selectIsAdmin, useAuthStore } from '@/lib/auth-store';
import type { QueueSource } from '@/lib/player/queue';
import { AlbumEditDialog } from './components/album-edit-dialog';
import { AlbumFacts } from './components/album-facts';
import { CatalogueLoadFailure } from './components/catalogue-page-state';
import { CollectionHeader, CollectionHeaderSkeleton } from './components/collection-header';
import { LikeButton } from './components/like-button';
import { PlayButtons } from './components/play-buttons';
import { discHeadingsOf } from './disc-sections';

/**
 * /album/:id — the album's cover, facts, Play, Shuffle and its heart, and its tracks (by disc);
 * for administrators, Edit album.
 */
export function AlbumPage() {
  const { id = '' } = useParams();
  const album = useAlbum(id);
  const { actions, dialogs } = useSongActionsWithDialogs();
  const isAdmin = useAuthStore(selectIsAdmin);
  const [editing, setEditing] = useState(false);
  // Stable while the album is: a new one would lay the track list out again.
  const discHeadings = useMemo(
    () => (album.data ? discHeadingsOf(album.data) : undefined),
    [album.data],
  );

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

  const { title, artist, songs, coverImage } = album.data;
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
            <AlbumFacts album={album.data} />
            <GenreChips
              genres={album.data.genres}
              label={`Genres of ${title}`}
              sx={{ mt: 1.5, justifyContent: { xs: 'center', sm: 'flex-start' } }}
            />
          </>
        }
        actions={
          <>
            <PlayButtons name={`album ${title}`} songs={songs} source={source} shuffle />
            <LikeButton kind="album" id={id} />
            {isAdmin && (
              <IconButton aria-label="Edit album" onClick={() => setEditing(true)}>
                <EditIcon />
              </IconButton>
            )}
            <SongMenu
              title={title}
              actions={[
                ...queueMenuActions(songs, actions),
                radioMenuAction({ kind: 'album', id }, actions),
              ]}
              horizontal
            />
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
        sectionOf={discHeadings}
      />
      {dialogs}
      {editing && <AlbumEditDialog album={album.data} onClose={() => setEditing(false)} />}
    </Container>
  );
}
