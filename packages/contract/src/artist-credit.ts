/**
 * How a song's artists are credited wherever it is shown (docs/product.md §11.1): the main
 * artists joined as the artist tag joins them, then " feat. " and the featured ones. Pure, and
 * without zod, so that any screen may use it for the cost of these few lines.
 */

export const ARTIST_ROLES = ['main', 'featured'] as const;
export type ArtistRole = (typeof ARTIST_ROLES)[number];

/** "feat.", "ft.", "featuring" (in any case): the words that introduce featured artists. */
export const FEATURING_WORD = String.raw`(?:feat\.?|ft\.?|featuring)`;

/** Where an artist text's featured names begin: " feat. ", " (ft. ", " [featuring ". */
export const FEATURING = new RegExp(String.raw`\s*[([]?\s*\b${FEATURING_WORD}(?=\s)\s+`, 'i');

/** What a credit shows when a song names nobody. */
export const UNKNOWN_ARTIST = 'Unknown Artist';

/** An artist as a song credits them. */
export interface CreditedArtist {
  readonly _id: string;
  readonly name: string;
  readonly role: ArtistRole;
}

/** A piece of a credit: an artist's name (with their id) or the text between two names. */
export interface CreditSegment {
  readonly text: string;
  readonly artistId?: string;
}

const FEATURED_JOIN = ' feat. ';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A name as a tag may write it: in any case, with any run of spaces between its words. */
function namePattern(name: string): RegExp {
  return new RegExp(
    name
      .trim()
      .split(/\s+/)
      .map(escapeRegExp)
      .join(String.raw`\s+`),
    'giu',
  );
}

/**
 * The text between each two names as the artist text writes it (before its featured part), if
 * it writes every name in this order with something between them; else null.
 */
function joinsAsTagged(artistText: string, names: readonly string[]): string[] | null {
  const [mainText = ''] = artistText.split(FEATURING, 1);
  const joins: string[] = [];
  let end = 0;
  for (const [index, name] of names.entries()) {
    const pattern = namePattern(name);
    pattern.lastIndex = end;
    const found = pattern.exec(mainText);
    if (!found) return null;
    if (index > 0) {
      const join = mainText.slice(end, found.index);
      if (join === '') return null;
      joins.push(join);
    }
    end = found.index + found[0].length;
  }
  return joins;
}

/** "A", "A & B", "A, B & C". */
function listJoins(count: number): string[] {
  return Array.from({ length: Math.max(0, count - 1) }, (_, index) =>
    index === count - 2 ? ' & ' : ', ',
  );
}

function linked<Artist extends Pick<CreditedArtist, 'name'>>(
  artists: readonly Artist[],
  joins: readonly string[],
): Array<{ text: string; artist?: Artist }> {
  return artists.flatMap((artist, index) => {
    const name = { text: artist.name, artist };
    return index === 0 ? [name] : [{ text: joins[index - 1] ?? ', ' }, name];
  });
}

/** The credit's pieces, each name with the artist it stands for. */
function creditPieces<Artist extends Pick<CreditedArtist, 'name' | 'role'>>(
  artistText: string,
  artists: readonly Artist[],
): Array<{ text: string; artist?: Artist }> {
  const named = artists.filter((artist) => artist.name.trim() !== '');
  if (named.length === 0) return [{ text: artistText.trim() || UNKNOWN_ARTIST }];
  const main = named.filter((artist) => artist.role === 'main');
  const featured = named.filter((artist) => artist.role === 'featured');
  const mainNames = main.map((artist) => artist.name);
  const pieces = linked(main, joinsAsTagged(artistText, mainNames) ?? listJoins(main.length));
  if (featured.length > 0) {
    if (pieces.length > 0) pieces.push({ text: FEATURED_JOIN });
    pieces.push(...linked(featured, listJoins(featured.length)));
  }
  return pieces;
}

/**
 * A song's credit as ordered pieces of text, the artists' names carrying their ids: the main
 * artists joined as `artistText` joins them when it writes them all in order ("Simon &
 * Garfunkel", "A x B"), else by ", " and " & "; then " feat. " and the featured artists, joined
 * by ", " and " & ". A song without credited artists shows its artist text.
 */
export function creditSegments(
  artistText: string,
  artists: readonly CreditedArtist[],
): CreditSegment[] {
  return creditPieces(artistText, artists).map(({ text, artist }) =>
    artist ? { text, artistId: artist._id } : { text },
  );
}

/** The credit of `creditSegments` as one line of text. */
export function creditText(
  artistText: string,
  artists: ReadonlyArray<Pick<CreditedArtist, 'name' | 'role'>>,
): string {
  return creditPieces(artistText, artists)
    .map((piece) => piece.text)
    .join('');
}
