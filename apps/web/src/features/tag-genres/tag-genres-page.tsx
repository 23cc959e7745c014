import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TagGenre } from '@cadenza/contract/tag-genres';
import { useState } from 'react';
import { useTagGenres } from '@/api/genres/get-tag-genres';
import { EmptyState } from '@/components/empty-state';
import { tagGenrePath } from '@/components/genre-chips';
import { LoadError } from '@/components/load-error';
import { PageHeading, PageSection } from '@/components/page-heading';
import { genreCountsLabel } from './genre-counts';

const GRID = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))',
  gap: 1.5,
  listStyle: 'none',
  m: 0,
  p: 0,
} as const;

function GenreTile({ genre }: { genre: TagGenre }) {
  return (
    <Link
      href={tagGenrePath(genre._id)}
      underline="none"
      color="inherit"
      sx={{
        display: 'block',
        height: '100%',
        p: 2,
        borderRadius: 2,
        border: 1,
        borderColor: 'divider',
        '&:hover, &:focus-visible': { bgcolor: 'action.hover', borderColor: 'text.secondary' },
      }}
    >
      <Typography
        component="span"
        sx={{
          // A long genre wraps onto a second line before it is cut.
          display: '-webkit-box',
          WebkitBoxOrient: 'vertical',
          WebkitLineClamp: 2,
          overflow: 'hidden',
          overflowWrap: 'anywhere',
          fontWeight: 700,
        }}
      >
        {genre.name}
      </Typography>
      <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
        {genreCountsLabel(genre)}
      </Typography>
    </Link>
  );
}

function GenreGridSkeleton() {
  return (
    <Box role="status" aria-label="Loading genres" aria-busy sx={GRID}>
      {Array.from({ length: 12 }, (_, tile) => (
        <Skeleton key={tile} variant="rounded" height={72} />
      ))}
    </Box>
  );
}

/** /genres: every genre the library's files name, each with its counts and a link to its page. */
export function TagGenresPage() {
  const genres = useTagGenres();
  const [filter, setFilter] = useState('');
  const wanted = filter.trim().toLowerCase();
  const shown = (genres.data ?? []).filter((genre) => genre.name.toLowerCase().includes(wanted));

  const renderGenres = () => {
    if (genres.isPending) return <GenreGridSkeleton />;
    if (genres.isError)
      return (
        <LoadError
          message="Genres could not be loaded."
          onRetry={() => genres.refetch()}
          retrying={genres.isFetching}
        />
      );
    if (genres.data.length === 0)
      return <EmptyState text="No genres yet. They appear here as tagged songs are added." />;
    if (shown.length === 0) return <EmptyState text={`No genre matches “${filter.trim()}”.`} />;
    return (
      <Box component="ul" aria-label="Genres" sx={GRID}>
        {shown.map((genre) => (
          <li key={genre._id}>
            <GenreTile genre={genre} />
          </li>
        ))}
      </Box>
    );
  };

  return (
    <PageSection label="Genres">
      <PageHeading
        title="Genres"
        subtitle="Every genre your music is tagged with"
        actions={
          <TextField
            size="small"
            type="search"
            label="Filter genres"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
          />
        }
      />
      {renderGenres()}
    </PageSection>
  );
}
