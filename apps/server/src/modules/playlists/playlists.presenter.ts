import type { Playlist, PlaylistWithSongs } from '@cadenza/contract/playlists';
import type { MediaUrls } from '../delivery/media-urls';
import { presentSong } from '../songs/songs.presenter';
import type { PlaylistRecord, PlaylistWithSongsRecord } from './playlist-record';

/** A playlist's JSON for the REST API (docs/architecture.md §5 keeps this key order). */
export function presentPlaylist(playlist: PlaylistRecord, urls: MediaUrls): Playlist {
  return {
    _id: playlist.id,
    name: playlist.name,
    description: playlist.description,
    coverImage: urls.image(playlist.coverKey, 'playlist'),
    isPublic: playlist.isPublic,
    isDefault: playlist.isDefault,
    owner: { _id: playlist.ownerId, name: playlist.ownerName },
    songCount: playlist.songCount,
    createdAt: playlist.createdAt,
    coverMosaic: playlist.mosaicKeys.map((key) => urls.image(key, 'song')),
    ...(playlist.criteria ? { isSmart: true as const } : {}),
  };
}

/** A playlist with its songs, each with a signed audio URL for the signed-in reader. */
export function presentPlaylistWithSongs(
  playlist: PlaylistWithSongsRecord,
  urls: MediaUrls,
): PlaylistWithSongs {
  return {
    ...presentPlaylist(playlist, urls),
    songCount: playlist.songs.length,
    songs: playlist.songs.map((song) => presentSong(song, urls)),
  };
}
