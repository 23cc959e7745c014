import { MAX_GENRE_LENGTH, MAX_SONG_GENRES } from '@cadenza/contract/tag-genres';
import type { Genre } from '@cadenza/contract/songs';
import { foldKey } from './grouping';

/** Between the genres of one tag value: "Jazz; Fusion", "Rock/Pop", "Folk, Indie", "A | B". */
const GENRE_SEPARATOR = /\s*[;/,|]\s*/u;

/**
 * A song's genres from its tag values (each may hold several), as written, in order, without
 * duplicates (case and spacing ignored); names too long to be a genre are left out, and so are
 * genres beyond the most a song keeps.
 */
export function tagGenres(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const value of values) {
    for (const part of value.replaceAll('\u0000', ';').split(GENRE_SEPARATOR)) {
      const name = part.trim().replace(/\s+/gu, ' ');
      const key = genreKey(name);
      if (!name || name.length > MAX_GENRE_LENGTH || seen.has(key)) continue;
      seen.add(key);
      kept.push(name);
      if (kept.length === MAX_SONG_GENRES) return kept;
    }
  }
  return kept;
}

/** How genres compare: "j-pop", "J-Pop" and "J-POP " are one genre. */
export function genreKey(name: string): string {
  return foldKey(name);
}

/**
 * The genres of a song whose file names none: the one of the seven it is filed under, by its
 * name as the screens show it ("Hip-hop"), unless that is "other" (which says nothing about the music).
 */
export function genresOfFiledGenre(genre: Genre): string[] {
  return genre === 'other' ? [] : [genre.charAt(0).toUpperCase() + genre.slice(1)];
}
