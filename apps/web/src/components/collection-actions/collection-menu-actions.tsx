import AlbumIcon from '@mui/icons-material/Album';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PersonIcon from '@mui/icons-material/Person';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import type { Album, Artist } from '@cadenza/contract/catalogue';
import type { Playlist } from '@cadenza/contract/playlists';
import type { MenuAction } from '@/components/action-menu';
import { albumPath, artistPath } from '@/components/song-actions/song-menu-actions';

/** A list of songs a listener can act on as a whole. */
export type CollectionTarget =
  { kind: 'album'; id: string } | { kind: 'artist'; id: string } | { kind: 'playlist'; id: string };

/** What a listener can do with an album, an artist (their top songs) or a playlist. */
export interface CollectionActions {
  /** Plays its songs from the first, the rest of them as the queue. */
  play: (target: CollectionTarget) => void;
  navigate: (path: string) => void;
}

const playAction = (actions: CollectionActions, target: CollectionTarget): MenuAction => ({
  label: 'Play',
  icon: <PlayArrowIcon fontSize="small" />,
  onSelect: () => actions.play(target),
});

/** An album's menu ("…" and context menu alike): Play, Go to album, Go to artist. */
export function albumMenuActions(
  album: Pick<Album, '_id' | 'artist'>,
  actions: CollectionActions,
): MenuAction[] {
  return [
    playAction(actions, { kind: 'album', id: album._id }),
    {
      label: 'Go to album',
      icon: <AlbumIcon fontSize="small" />,
      onSelect: () => actions.navigate(albumPath(album._id)),
    },
    {
      label: 'Go to artist',
      icon: <PersonIcon fontSize="small" />,
      onSelect: () => actions.navigate(artistPath(album.artist._id)),
    },
  ];
}

/** An artist's menu: Play (their top songs), Go to artist. */
export function artistMenuActions(
  artist: Pick<Artist, '_id'>,
  actions: CollectionActions,
): MenuAction[] {
  return [
    playAction(actions, { kind: 'artist', id: artist._id }),
    {
      label: 'Go to artist',
      icon: <PersonIcon fontSize="small" />,
      onSelect: () => actions.navigate(artistPath(artist._id)),
    },
  ];
}

/** A playlist's menu: Play, Open (where the page opens playlists: its page or a drawer). */
export function playlistMenuActions(
  playlist: Pick<Playlist, '_id'>,
  actions: CollectionActions,
  open: () => void,
): MenuAction[] {
  return [
    playAction(actions, { kind: 'playlist', id: playlist._id }),
    { label: 'Open', icon: <OpenInNewIcon fontSize="small" />, onSelect: open },
  ];
}
