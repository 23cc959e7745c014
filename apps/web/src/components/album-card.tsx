import Link from '@mui/material/Link';
import type { Album } from '@cadenza/contract/catalogue';
import { useQueryClient } from '@tanstack/react-query';
import { albumQueryOptions } from '@/api/catalogue/get-album';
import { usePlayer } from '@/lib/player/player-store';
import { albumMenuActions } from './collection-actions/collection-menu-actions';
import { useCollectionActions } from './collection-actions/use-collection-actions';
import { useLikeEntry } from './collection-actions/use-like-entry';
import { MediaCard } from './media-card';
import { albumPath, artistPath } from './song-actions/song-menu-actions';
import { useToast } from './toast-context';

/** Plays an album from its first track, its tracks in order as the queue. */
export function usePlayAlbum() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return async (albumId: string) => {
    try {
      const album = await queryClient.fetchQuery(albumQueryOptions(albumId));
      const first = album.songs[0];
      const source = { kind: 'album', label: album.title, path: albumPath(albumId) } as const;
      if (first) usePlayer.getState().playFrom(first, album.songs, source);
    } catch {
      toast.error('Failed to play album');
    }
  };
}

/**
 * An album as a card: cover, title, artist link and year; opens /album/:id, plays, and has the
 * album's menu (with its Like or Unlike).
 */
export function AlbumCard({ album, showArtist = true }: { album: Album; showArtist?: boolean }) {
  const playAlbum = usePlayAlbum();
  const collectionActions = useCollectionActions();
  const like = useLikeEntry('album', album._id);
  const inAlbum = usePlayer((state) => state.current?.albumId === album._id);
  // Only this album's answer: the play flag alone would re-render every album card.
  const playing = usePlayer((state) => state.isPlaying && state.current?.albumId === album._id);
  const artistLink = (
    <Link href={artistPath(album.artist._id)} color="inherit" underline="hover">
      {album.artist.name}
    </Link>
  );

  return (
    <MediaCard
      title={album.title}
      href={albumPath(album._id)}
      imageUrl={album.coverImage}
      subtitle={
        showArtist ? (
          <>
            {album.year !== null && `${album.year} • `}
            {artistLink}
          </>
        ) : (
          (album.year ?? 'Album')
        )
      }
      play={{
        label: playing ? `Pause ${album.title}` : `Play ${album.title}`,
        playing,
        onClick: () => {
          // A track of this album is the current one: the button pauses or resumes it.
          if (inAlbum) usePlayer.getState().togglePlay();
          else void playAlbum(album._id);
        },
      }}
      menuActions={albumMenuActions(album, collectionActions, like)}
    />
  );
}
