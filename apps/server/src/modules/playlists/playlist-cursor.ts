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
