import Box from '@mui/material/Box';
import type { ListeningStats, StatsList } from '@cadenza/contract/listening-stats';
import {
  albumEntries,
  artistEntries,
  discoveriesCount,
  discoveryEntries,
  genreEntries,
  songEntries,
} from '../top-entries';
import { TopList } from './top-list';

type ListsOf = Pick<
  ListeningStats,
  'topSongs' | 'topArtists' | 'topAlbums' | 'topGenres' | 'discoveries' | 'timeZone'
>;

/** Top songs, artists, albums and genres and the new discoveries of a period, each playable. */
export function StatsLists({
  lists,
  onPlay,
  headingLevel,
}: {
  lists: ListsOf;
  onPlay: (list: StatsList, title: string) => Promise<void>;
  headingLevel: 2 | 3;
}) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: { xs: 3, md: 4 },
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      <TopList
        headingLevel={headingLevel}
        title="Top songs"
        entries={songEntries(lists.topSongs)}
        emptyText="No songs played."
        onPlay={() => onPlay('songs', 'Top songs')}
      />
      <TopList
        headingLevel={headingLevel}
        title="Top artists"
        entries={artistEntries(lists.topArtists)}
        emptyText="No artists played."
        onPlay={() => onPlay('artists', 'Top artists')}
      />
      <TopList
        headingLevel={headingLevel}
        title="Top albums"
        entries={albumEntries(lists.topAlbums)}
        emptyText="No albums played."
        onPlay={() => onPlay('albums', 'Top albums')}
      />
      <TopList
        headingLevel={headingLevel}
        title="Top genres"
        entries={genreEntries(lists.topGenres)}
        emptyText="None of the songs played has a genre."
        onPlay={() => onPlay('genres', 'Top genres')}
      />
      <TopList
        headingLevel={headingLevel}
        title="New discoveries"
        note={discoveriesCount(lists.discoveries)}
        entries={discoveryEntries(lists.discoveries, lists.timeZone)}
        emptyText="No artist was new to you."
        onPlay={() => onPlay('discoveries', 'New discoveries')}
      />
    </Box>
  );
}
