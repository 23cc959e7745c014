/**
 * How an artist's releases are grouped on their page (docs/product.md §11.3): by the release
 * types their tags give (MusicBrainz's, in lower case) and the compilation flag. Pure and
 * without zod, so that the server's order and the web's headings follow this one rule.
 */

/** The groups, in the order an artist's page shows them. */
export const RELEASE_GROUPS = ['album', 'ep', 'single', 'compilation', 'live'] as const;
export type ReleaseGroup = (typeof RELEASE_GROUPS)[number];

/** Each group's heading. */
export const RELEASE_GROUP_LABELS: Readonly<Record<ReleaseGroup, string>> = {
  album: 'Albums',
  ep: 'EPs',
  single: 'Singles',
  compilation: 'Compilations',
  live: 'Live',
};

/** What of an album decides its group. */
export interface ReleaseKind {
  readonly isCompilation: boolean;
  readonly releaseTypes: readonly string[];
}

/**
 * A compilation (flagged, or typed so) before anything else, then a live recording, then an EP
 * or a single by its type; anything else is an album.
 */
export function releaseGroupOf(album: ReleaseKind): ReleaseGroup {
  const types = new Set(album.releaseTypes.map((type) => type.toLowerCase()));
  if (album.isCompilation || types.has('compilation')) return 'compilation';
  if (types.has('live')) return 'live';
  if (types.has('ep')) return 'ep';
  if (types.has('single')) return 'single';
  return 'album';
}

/** The groups that have releases, in RELEASE_GROUPS order, each keeping the order it was given. */
export function releaseGroupsOf<Album extends ReleaseKind>(
  albums: readonly Album[],
): Array<{ group: ReleaseGroup; label: string; albums: Album[] }> {
  return RELEASE_GROUPS.map((group) => ({
    group,
    label: RELEASE_GROUP_LABELS[group],
    albums: albums.filter((album) => releaseGroupOf(album) === group),
  })).filter(({ albums: inGroup }) => inGroup.length > 0);
}
