import type { TestApp } from './test-app';

/** How often a song was played, by every listener together, as `song_play_totals` keeps it. */
export async function songPlayCount(t: TestApp, songId: string): Promise<number> {
  const row = await t.database.db
    .selectFrom('song_play_totals')
    .select('play_count')
    .where('song_id', '=', songId)
    .executeTakeFirst();
  return Number(row?.play_count ?? 0);
}
