import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import type { SxProps, Theme } from '@mui/material/styles';
import type { SongGenre } from '@cadenza/contract/tag-genres';
import { Link as RouterLink } from 'react-router';

/** The page of one tag genre: its albums and songs. */
export function tagGenrePath(id: string): string {
  return `/genres/${encodeURIComponent(id)}`;
}

/**
 * A song's or album's tag genres as a row of chips, each a link to the genre's page; nothing when
 * it has none. `label` names the list for screen readers.
 */
export function GenreChips({
  genres,
  label = 'Genres',
  sx,
}: {
  genres: readonly SongGenre[];
  label?: string;
  sx?: SxProps<Theme>;
}) {
  if (genres.length === 0) return null;
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={[
        { display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', m: 0, p: 0 },
        ...((Array.isArray(sx) ? sx : [sx]) as Extract<SxProps<Theme>, readonly unknown[]>),
      ]}
    >
      {genres.map((genre) => (
        <li key={genre._id}>
          <Chip
            component={RouterLink}
            to={tagGenrePath(genre._id)}
            clickable
            size="small"
            variant="outlined"
            label={genre.name}
            sx={{ fontWeight: 600, maxWidth: 240 }}
          />
        </li>
      ))}
    </Box>
  );
}
