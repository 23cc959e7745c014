import { isId } from '../../ids';
import { notFound } from './subsonic-response';

/**
 * Subsonic ids are opaque strings: ours carry their kind in a prefix, so that one parameter
 * (`id` of `star`, `getCoverArt` or `getMusicDirectory`) can name a song, album or artist.
 */
export const ID_PREFIX = {
  song: 'tr-',
  album: 'al-',
  artist: 'ar-',
  playlist: 'pl-',
  cover: 'co-',
  station: 'ir-',
  podcast: 'pc-',
  episode: 'pe-',
} as const;
export type IdKind = keyof typeof ID_PREFIX;

export function subsonicId(kind: IdKind, id: string): string {
  return `${ID_PREFIX[kind]}${id}`;
}

/** The kind and id a Subsonic id names, or null for one that is none of ours. */
export function parseAnyId(
  text: string,
): { kind: Exclude<IdKind, 'cover' | 'station' | 'podcast' | 'episode'>; id: string } | null {
  for (const kind of ['song', 'album', 'artist', 'playlist'] as const) {
    const prefix = ID_PREFIX[kind];
    if (text.startsWith(prefix) && isId(text.slice(prefix.length))) {
      return { kind, id: text.slice(prefix.length) };
    }
  }
  return null;
}

const KIND_NAMES: Record<IdKind, string> = {
  song: 'Song',
  album: 'Album',
  artist: 'Artist',
  playlist: 'Playlist',
  cover: 'Cover art',
  station: 'Internet radio station',
  podcast: 'Podcast',
  episode: 'Podcast episode',
};

/** The id inside a Subsonic id of this kind; "not found" (70) for anything else. */
export function parseId(kind: Exclude<IdKind, 'cover'>, text: string): string {
  const prefix = ID_PREFIX[kind];
  const id = text.slice(prefix.length);
  if (!text.startsWith(prefix) || !isId(id)) throw notFound(KIND_NAMES[kind]);
  return id;
}

const COVER_NAME = /^[0-9A-Za-z][0-9A-Za-z._-]{0,127}$/;

/** A cover's id: its image key, which never holds another picture, so apps may cache it for ever. */
export function coverArtId(imageKey: string): string {
  return subsonicId('cover', imageKey.replace(/^images\//, ''));
}

/** The image key a cover id names; null for one that is not a cover id. */
export function imageKeyOf(coverId: string): string | null {
  if (!coverId.startsWith(ID_PREFIX.cover)) return null;
  const name = coverId.slice(ID_PREFIX.cover.length);
  return COVER_NAME.test(name) && !name.includes('..') ? `images/${name}` : null;
}
