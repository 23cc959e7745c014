import AlbumIcon from '@mui/icons-material/Album';
import DownloadIcon from '@mui/icons-material/Download';
import LibraryAddIcon from '@mui/icons-material/LibraryAdd';
import LibraryAddCheckIcon from '@mui/icons-material/LibraryAddCheck';
import PersonIcon from '@mui/icons-material/Person';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import RadioIcon from '@mui/icons-material/Radio';
import ShareIcon from '@mui/icons-material/Share';
import type { RadioSeed } from '@cadenza/contract/radio';
import type { Song } from '@cadenza/contract/songs';
import type { SongMenuAction } from '@/components/song-menu';
import { useShareDialog, type ShareTarget } from '@/lib/share-dialog';
import { queueMenuActions } from './queue-menu-actions';
import type { QueueActions } from './use-queue-actions';
import type { SongActions } from './use-song-actions';

export function albumPath(albumId: string): string {
  return `/album/${encodeURIComponent(albumId)}`;
}

export function artistPath(artistId: string): string {
  return `/artist/${encodeURIComponent(artistId)}`;
}

/** "Start radio" as a menu entry: a station from a song, album, artist, genre or playlist. */
export function radioMenuAction(seed: RadioSeed, queue: QueueActions): SongMenuAction {
  return {
    label: 'Start radio',
    icon: <RadioIcon fontSize="small" />,
    onSelect: () => queue.startRadio(seed),
  };
}

/** "Share" as a menu entry: a public link to a song, an album or a playlist. */
export function shareMenuAction(target: ShareTarget): SongMenuAction {
  return {
    label: 'Share',
    icon: <ShareIcon fontSize="small" />,
    onSelect: () => useShareDialog.getState().open(target),
  };
}

/**
 * A song's menu: Play next and Add to queue (docs/product.md §12.1), Start radio, then §4's Add to / Remove
 * from Library, Add to Playlist, Download, then Share; with `navigate`, also the ways to its album and its
 * (first) artist.
 */
export function songMenuActions(
  song: Song,
  actions: SongActions,
  navigate?: (path: string) => void,
): SongMenuAction[] {
  const saved = actions.savedIds.has(song._id);
  const menu: SongMenuAction[] = [
    ...queueMenuActions([song], actions),
    radioMenuAction({ kind: 'song', id: song._id }, actions),
    {
      label: saved ? 'Remove from Library' : 'Add to Library',
      icon: saved ? <LibraryAddCheckIcon fontSize="small" /> : <LibraryAddIcon fontSize="small" />,
      onSelect: () => actions.toggleSave(song),
    },
    {
      label: 'Add to Playlist',
      icon: <PlaylistAddIcon fontSize="small" />,
      onSelect: () => actions.addToPlaylist(song),
    },
    {
      label: 'Download',
      icon: <DownloadIcon fontSize="small" />,
      onSelect: () => actions.download(song),
    },
    shareMenuAction({ kind: 'songs', itemIds: [song._id], name: song.title }),
  ];
  if (!navigate) return menu;
  const { albumId } = song;
  const artist = song.artists[0];
  if (albumId)
    menu.push({
      label: 'Go to album',
      icon: <AlbumIcon fontSize="small" />,
      onSelect: () => navigate(albumPath(albumId)),
    });
  if (artist)
    menu.push({
      label: 'Go to artist',
      icon: <PersonIcon fontSize="small" />,
      onSelect: () => navigate(artistPath(artist._id)),
    });
  return menu;
}
