import {
  decodeCursor,
  invalidCursor,
  keysetPosition,
  parseKeysetPosition,
  type Keyset,
} from '../../paging';

/**
 * Where a page of a listener's playlists starts. That list has two sections, the caller's own
 * playlists and then the default ones, each newest first; the cursor names its section (one
 * letter) before the usual keyset position.
 */
export interface PlaylistCursor extends Keyset {
  readonly section: 'own' | 'default';
}

const SECTION_LETTERS = { own: 'o', default: 'd' } as const;

/** The cursor position of a playlist in a listener's list (paging.ts wraps it into the cursor). */
export function playlistCursorPosition(cursor: PlaylistCursor): string {
  return SECTION_LETTERS[cursor.section] + keysetPosition(cursor);
}

export function decodePlaylistCursor(cursor: string): PlaylistCursor {
  const position = decodeCursor(cursor);
  const letter = position.charAt(0);
  const section = letter === 'o' ? 'own' : letter === 'd' ? 'default' : null;
  if (!section) throw invalidCursor();
  return { section, ...parseKeysetPosition(position.slice(1)) };
}

/**
 * The cursor position of a playlist's song in a page of its songs: its 1-based position, so that
 * the next page starts after it (a song moved meanwhile may be read twice or not at all).
 */
export function entryCursorPosition(position: number): string {
  return String(position);
}

/** The position inside a cursor of a playlist's songs; 400 for anything else. */
export function decodeEntryCursor(cursor: string): number {
  const position = decodeCursor(cursor);
  // At most nine digits: an integer column holds it on either database.
  if (!/^[1-9]\d{0,8}$/.test(position)) throw invalidCursor();
  return Number(position);
}
