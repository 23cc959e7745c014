import type { PublicSong, Song } from '@cadenza/contract/songs';
import type { SongRow } from '../../db/schema';
import type { MediaUrls } from '../media/media-urls';
import { songRecordOf } from './song-record';
import { presentPublicSong, presentSong } from './songs.presenter';

/** @deprecated Repositories answer `SongRecord`s; present those with `presentSong`. */
export function toSong(row: SongRow, urls: MediaUrls): Song {
  return presentSong(songRecordOf(row), urls);
}

/** @deprecated Repositories answer `SongRecord`s; present those with `presentPublicSong`. */
export function toPublicSong(row: SongRow, urls: MediaUrls): PublicSong {
  return presentPublicSong(songRecordOf(row), urls);
}
