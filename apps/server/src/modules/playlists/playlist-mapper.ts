import type { Playlist, PlaylistWithSongs } from '@cadenza/contract/playlists';
import type { SongRow } from '../../db/schema';
import type { MediaUrls } from '../media/media-urls';
import { toSong } from '../songs/song-mapper';
import type { PlaylistRecord } from './playlists.repository';

export function toPlaylist(record: PlaylistRecord, urls: MediaUrls): Playlist {
  return {
    _id: record.id,
    name: record.name,
    description: record.description,
    coverImage: urls.image(record.coverKey, 'playlist'),
    isPublic: record.isPublic,
    isDefault: record.isDefault,
    owner: { _id: record.ownerId, name: record.ownerName },
    songCount: record.songCount,
    createdAt: record.createdAt,
  };
}

export function toPlaylistWithSongs(
  record: PlaylistRecord,
  songs: SongRow[],
  urls: MediaUrls,
): PlaylistWithSongs {
  return {
    ...toPlaylist(record, urls),
    songCount: songs.length,
    songs: songs.map((row) => toSong(row, urls)),
  };
}
