import type { Album } from '@cadenza/contract/catalogue';
import type { Genre, Song } from '@cadenza/contract/songs';
import type { SongGenre, TagGenre } from '@cadenza/contract/tag-genres';

/**
 * Tag genres as the fake server keeps them: on the songs (`Song.genres`), each genre's id made of
 * its folded name, so that "J-Pop" and "j-pop" are one genre, shown as first written.
 */

const keyOf = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/** A tag genre as songs name it, for test data: `makeSong('1', { genres: [tagGenre('J-Pop')] })`. */
export function tagGenre(name: string): SongGenre {
  return { _id: `genre-${keyOf(name).replace(/[^a-z0-9]+/g, '-')}`, name };
}

/** Every tag genre of these songs with its counts, by name (case ignored). */
export function tagGenresOf(songs: readonly Song[]): TagGenre[] {
  const genres = new Map<string, { name: string; songs: number; albums: Set<string> }>();
  for (const song of songs) {
    for (const genre of song.genres) {
      const entry = genres.get(genre._id) ?? { name: genre.name, songs: 0, albums: new Set() };
      entry.songs += 1;
      if (song.albumId) entry.albums.add(song.albumId);
      genres.set(genre._id, entry);
    }
  }
  return [...genres]
    .map(([_id, entry]) => ({
      _id,
      name: entry.name,
      songCount: entry.songs,
      albumCount: entry.albums.size,
    }))
    .sort((a, b) => keyOf(a.name).localeCompare(keyOf(b.name)));
}

/** The songs of a tag genre, in the songs' order. */
export function songsOfTagGenre(songs: readonly Song[], genreId: string): Song[] {
  return songs.filter((song) => song.genres.some((genre) => genre._id === genreId));
}

/** The albums with a song of a tag genre, by title. */
export function albumsOfTagGenre(
  albums: readonly Album[],
  songs: readonly Song[],
  genreId: string,
): Album[] {
  const ids = new Set(songsOfTagGenre(songs, genreId).map((song) => song.albumId));
  return albums
    .filter((album) => ids.has(album._id))
    .sort((a, b) => a.title.localeCompare(b.title));
}

/** The tag genres whose name holds `text`, those it starts first. */
export function tagGenresMatching(songs: readonly Song[], text: string): TagGenre[] {
  const wanted = keyOf(text);
  const found = tagGenresOf(songs).filter((genre) => keyOf(genre.name).includes(wanted));
  const starts = (genre: TagGenre) => (keyOf(genre.name).startsWith(wanted) ? 0 : 1);
  return found.sort((a, b) => starts(a) - starts(b));
}

/**
 * A song's genres from the names a form sent: each an existing genre of the same folded name
 * (which keeps its first writing) or a new one; without names, its filed genre's, "other" aside.
 */
export function genresFromForm(
  songs: readonly Song[],
  names: readonly string[] | undefined,
  filed: Genre,
): SongGenre[] {
  const typed =
    names ?? (filed === 'other' ? [] : [filed.charAt(0).toUpperCase() + filed.slice(1)]);
  const known = new Map(tagGenresOf(songs).map((genre) => [keyOf(genre.name), genre]));
  const kept: SongGenre[] = [];
  for (const name of typed) {
    const genre = known.get(keyOf(name)) ?? tagGenre(name);
    if (!kept.some((other) => other._id === genre._id))
      kept.push({ _id: genre._id, name: genre.name });
  }
  return kept;
}
