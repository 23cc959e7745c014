import type {
  Discoveries,
  TopAlbum,
  TopArtist,
  TopGenre,
  TopSong,
} from '@cadenza/contract/listening-stats';
import { tagGenrePath } from '@/components/genre-chips';
import { albumPath, artistPath } from '@/components/song-actions/song-menu-actions';
import type { TopEntry } from './components/top-list';
import { dayOfMoment, formatCount } from './stats-format';

/** The top lists' entries: each with its page (a song's is its album's), cover and counts. */

export function songEntries(songs: readonly TopSong[]): TopEntry[] {
  return songs.map(({ song, plays, seconds }) => ({
    key: song._id,
    name: song.title,
    href: song.albumId ? albumPath(song.albumId) : null,
    detail: song.displayArtist,
    cover: song.coverImage,
    plays,
    seconds,
  }));
}

export function artistEntries(artists: readonly TopArtist[]): TopEntry[] {
  return artists.map(({ artist, plays, seconds }) => ({
    key: artist._id,
    name: artist.name,
    href: artistPath(artist._id),
    cover: artist.imageUrl,
    round: true,
    plays,
    seconds,
  }));
}

export function albumEntries(albums: readonly TopAlbum[]): TopEntry[] {
  return albums.map(({ album, plays, seconds }) => ({
    key: album._id,
    name: album.title,
    href: albumPath(album._id),
    detail: album.artist.name,
    cover: album.coverImage,
    plays,
    seconds,
  }));
}

export function genreEntries(genres: readonly TopGenre[]): TopEntry[] {
  return genres.map(({ genre, plays, seconds }) => ({
    key: genre._id,
    name: genre.name,
    href: tagGenrePath(genre._id),
    cover: null,
    plays,
    seconds,
  }));
}

export function discoveryEntries(discoveries: Discoveries, timeZone: string): TopEntry[] {
  return discoveries.artists.map(({ artist, plays, seconds, firstPlayed }) => ({
    key: artist._id,
    name: artist.name,
    href: artistPath(artist._id),
    detail: firstPlayed ? `First played ${dayOfMoment(firstPlayed, timeZone)}` : undefined,
    cover: artist.imageUrl,
    round: true,
    plays,
    seconds,
  }));
}

/** "3 new artists, 12 new songs" */
export function discoveriesCount({ artistCount, songCount }: Discoveries): string {
  const artists = `${formatCount(artistCount)} new ${artistCount === 1 ? 'artist' : 'artists'}`;
  const songs = `${formatCount(songCount)} new ${songCount === 1 ? 'song' : 'songs'}`;
  return `${artists}, ${songs}`;
}
