import AlbumIcon from '@mui/icons-material/Album';
import FavoriteIcon from '@mui/icons-material/Favorite';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PersonIcon from '@mui/icons-material/Person';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import RadioIcon from '@mui/icons-material/Radio';
import type { Album, Artist } from '@cadenza/contract/catalogue';
import type { Playlist } from '@cadenza/contract/playlists';
import type { MenuAction } from '@/components/action-menu';
import {
  albumPath,
  artistPath,
  shareMenuAction,
} from '@/components/song-actions/song-menu-actions';

/** A list of songs a listener can act on as a whole. */
export type CollectionTarget =
  { kind: 'album'; id: string } | { kind: 'artist'; id: string } | { kind: 'playlist'; id: string };

/** What a listener can do with an album, an artist (their top songs) or a playlist. */
export interface CollectionActions {
  /** Plays its songs from the first, the rest of them as the queue. */
  play: (target: CollectionTarget) => void;
  /** Starts a radio station from it (docs/product.md, "Radio and mixes"). */
  startRadio: (target: CollectionTarget) => void;
  navigate: (path: string) => void;
}

/** An album's or artist's like, as its menu offers it: whether it is liked, and the flip. */
export interface LikeEntry {
  liked: boolean;
  toggle: () => void;
}

const playAction = (actions: CollectionActions, target: CollectionTarget): MenuAction => ({
  label: 'Play',
  icon: <PlayArrowIcon fontSize="small" />,
  onSelect: () => actions.play(target),
});

const radioAction = (actions: CollectionActions, target: CollectionTarget): MenuAction => ({
  label: 'Start radio',
  icon: <RadioIcon fontSize="small" />,
  onSelect: () => actions.startRadio(target),
});

const likeActions = (like: LikeEntry | undefined): MenuAction[] =>
  like
    ? [
        {
          label: like.liked ? 'Unlike' : 'Like',
          icon: like.liked ? (
            <FavoriteIcon fontSize="small" />
          ) : (
            <FavoriteBorderIcon fontSize="small" />
          ),
          onSelect: like.toggle,
        },
      ]
    : [];

/** An album's menu ("…" and context menu alike): Play, Start radio, Like or Unlike, Share, Go to album, Go to artist. */
export function albumMenuActions(
  album: Pick<Album, '_id' | 'artist' | 'title'>,
  actions: CollectionActions,
  like?: LikeEntry,
): MenuAction[] {
  return [
    playAction(actions, { kind: 'album', id: album._id }),
    radioAction(actions, { kind: 'album', id: album._id }),
    ...likeActions(like),
    shareMenuAction({ kind: 'album', itemIds: [album._id], name: album.title }),
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

/** An artist's menu: Play (their top songs), Start radio, Like or Unlike, Go to artist. */
export function artistMenuActions(
  artist: Pick<Artist, '_id'>,
  actions: CollectionActions,
  like?: LikeEntry,
): MenuAction[] {
  return [
    playAction(actions, { kind: 'artist', id: artist._id }),
    radioAction(actions, { kind: 'artist', id: artist._id }),
    ...likeActions(like),
    {
      label: 'Go to artist',
      icon: <PersonIcon fontSize="small" />,
      onSelect: () => actions.navigate(artistPath(artist._id)),
    },
  ];
}

/** A playlist's menu: Play, Start radio, Open (where the page opens playlists: its page or a drawer), Share. */
export function playlistMenuActions(
  playlist: Pick<Playlist, '_id' | 'name' | 'isSmart'>,
  actions: CollectionActions,
  open: () => void,
): MenuAction[] {
  return [
    playAction(actions, { kind: 'playlist', id: playlist._id }),
    radioAction(actions, { kind: 'playlist', id: playlist._id }),
    { label: 'Open', icon: <OpenInNewIcon fontSize="small" />, onSelect: open },
    // Smart playlists cannot be shared yet (docs/product.md §12.15).
    ...(playlist.isSmart
      ? []
      : [shareMenuAction({ kind: 'playlist', itemIds: [playlist._id], name: playlist.name })]),
  ];
}
