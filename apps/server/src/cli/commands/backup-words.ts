/** How `cadenza backup` and `cadenza restore` speak of what they copied. */

export const plural = (count: number, one: string, many: string) =>
  `${count} ${count === 1 ? one : many}`;

/** `3 accounts, 120 songs, 4 playlists, 1,000 plays and 2 app keys`. */
export function rowSummary(counts: Readonly<Record<string, number>>): string {
  const of = (table: string) => counts[table] ?? 0;
  return [
    plural(of('users'), 'account', 'accounts'),
    plural(of('songs'), 'song', 'songs'),
    plural(of('playlists'), 'playlist', 'playlists'),
    plural(of('plays'), 'play', 'plays'),
  ]
    .join(', ')
    .concat(` and ${plural(of('api_keys'), 'app key', 'app keys')}`);
}
