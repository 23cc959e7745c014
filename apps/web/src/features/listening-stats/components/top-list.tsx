import CategoryIcon from '@mui/icons-material/Category';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { CoverImage } from '@/components/cover-image';
import { formatCount, minutesOf, playsText } from '../stats-format';

export interface TopEntry {
  key: string;
  name: string;
  /** The entry's page; a song without an album has none. */
  href: string | null;
  /** A second line: the artist of a song or album, when an artist was first played. */
  detail?: string;
  /** Its cover or picture; null for a genre, which has none. */
  cover: string | null;
  round?: boolean;
  plays: number;
  seconds: number;
}

/**
 * A ranked list of a period (songs, artists, albums, genres): rank, cover, name linking to its
 * page, plays and minutes; Play plays the list's songs as the queue.
 */
export function TopList({
  title,
  entries,
  emptyText,
  onPlay,
  note,
  headingLevel = 3,
}: {
  title: string;
  entries: readonly TopEntry[];
  emptyText: string;
  onPlay: () => Promise<void>;
  /** A line under the heading, e.g. how many artists were new. */
  note?: string;
  headingLevel?: 2 | 3;
}) {
  const headingId = useId();
  const [starting, setStarting] = useState(false);
  const play = () => {
    setStarting(true);
    void onPlay().finally(() => setStarting(false));
  };
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: note ? 0 : 1 }}>
        <Typography
          id={headingId}
          component={`h${headingLevel}`}
          variant="h6"
          sx={{ flex: 1, fontWeight: 700 }}
        >
          {title}
        </Typography>
        {entries.length > 0 && (
          <Button
            size="small"
            variant="outlined"
            color="inherit"
            startIcon={<PlayArrowIcon />}
            disabled={starting}
            onClick={play}
          >
            Play
          </Button>
        )}
      </Box>
      {note && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
          {note}
        </Typography>
      )}
      {entries.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', py: 1 }}>
          {emptyText}
        </Typography>
      ) : (
        <Box component="ol" aria-labelledby={headingId} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {entries.map((entry, index) => (
            <TopRow key={entry.key} entry={entry} rank={index + 1} />
          ))}
        </Box>
      )}
    </Box>
  );
}

function TopRow({ entry, rank }: { entry: TopEntry; rank: number }) {
  return (
    <Box
      component="li"
      aria-label={`${rank}. ${entry.name}`}
      sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 0.75, minWidth: 0 }}
    >
      <Typography
        aria-hidden
        sx={{
          width: 24,
          flexShrink: 0,
          textAlign: 'right',
          color: 'text.secondary',
          fontVariantNumeric: 'tabular-nums',
        }}
      >
        {rank}
      </Typography>
      <Box
        sx={{
          width: 40,
          height: 40,
          flexShrink: 0,
          borderRadius: entry.round ? '50%' : 0.5,
          overflow: 'hidden',
          bgcolor: 'action.hover',
          display: 'grid',
          placeItems: 'center',
        }}
      >
        {entry.cover === null ? (
          <CategoryIcon aria-hidden sx={{ color: 'text.secondary' }} />
        ) : (
          <CoverImage src={entry.cover} alt="" size={96} />
        )}
      </Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography noWrap title={entry.name} sx={{ fontWeight: 500 }}>
          {entry.href === null ? (
            entry.name
          ) : (
            <Link href={entry.href} color="inherit" underline="hover">
              {entry.name}
            </Link>
          )}
        </Typography>
        {entry.detail && (
          <Typography variant="body2" noWrap sx={{ color: 'text.secondary' }}>
            {entry.detail}
          </Typography>
        )}
      </Box>
      <Box sx={{ flexShrink: 0, textAlign: 'right' }}>
        <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {playsText(entry.plays)}
        </Typography>
        <Typography
          variant="body2"
          sx={{ color: 'text.secondary', fontVariantNumeric: 'tabular-nums' }}
        >
          {`${formatCount(minutesOf(entry.seconds))} min`}
        </Typography>
      </Box>
    </Box>
  );
}
