import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { AlbumCard } from '@/components/album-card';
import { ArtistCard } from '@/components/artist-card';
import { GenreChips } from '@/components/genre-chips';
import { LoadError } from '@/components/load-error';
import { MediaRow } from '@/components/media-row';
import { CardGridSkeleton, TrackListSkeleton } from '@/components/skeletons';
import { useSongActionsWithDialogs } from '@/components/song-actions/song-action-dialogs';
import { TrackList } from '@/components/track-list/track-list';
import { useSearch } from '@/api/search/use-search';

/** How long typing must pause before the search runs. */
export const SEARCH_DEBOUNCE_MS = 250;
/** Songs shown before "Show all". */
export const TOP_RESULTS = 5;

function Section({
  title,
  action,
  children,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box component="section" aria-label={title} sx={{ mb: 4 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
        <Typography variant="h5" component="h2" sx={{ flex: 1, fontWeight: 700 }}>
          {title}
        </Typography>
        {action}
      </Box>
      {children}
    </Box>
  );
}

/**
 * /search?q= — songs, albums, artists and genres as the listener types; the query stays in the
 * URL.
 */
export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const [text, setText] = useState(query);
  const [allSongs, setAllSongs] = useState(false);
  const search = useSearch('all', query);
  const { actions, dialogs } = useSongActionsWithDialogs();

  // Typing settles into the URL (replacing the entry: one per search, not per key).
  useEffect(() => {
    if (text === query) return;
    const timer = setTimeout(() => {
      setParams(text.trim() ? { q: text } : {}, { replace: true });
      setAllSongs(false);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, query, setParams]);

  const renderResults = () => {
    if (query.trim() === '')
      return (
        <Typography sx={{ color: 'text.secondary', py: 6, textAlign: 'center' }}>
          Find songs, albums and artists in your library, or{' '}
          <Link href="/genres" underline="hover" sx={{ fontWeight: 700 }}>
            browse its genres
          </Link>
          .
        </Typography>
      );
    if (search.isPending)
      return (
        <>
          <TrackListSkeleton rows={TOP_RESULTS} label="Searching" />
          <CardGridSkeleton count={6} />
        </>
      );
    if (search.isError)
      return (
        <LoadError
          message="Search failed."
          onRetry={() => search.refetch()}
          retrying={search.isFetching}
        />
      );
    const { songs, albums, artists, genres } = search.data;
    if (songs.length + albums.length + artists.length + genres.length === 0)
      return (
        <Typography sx={{ py: 6, textAlign: 'center' }}>
          No results for &ldquo;{query.trim()}&rdquo;
        </Typography>
      );
    return (
      <>
        {songs.length > 0 && (
          <Section
            title="Songs"
            action={
              songs.length > TOP_RESULTS && (
                <Button
                  color="inherit"
                  onClick={() => setAllSongs((all) => !all)}
                  sx={{ color: 'text.secondary', fontWeight: 700 }}
                >
                  {allSongs ? 'Show fewer' : 'Show all'}
                </Button>
              )
            }
          >
            <TrackList
              songs={allSongs ? songs : songs.slice(0, TOP_RESULTS)}
              queue={songs}
              source={{
                kind: 'search',
                label: `Search “${query.trim()}”`,
                path: `/search?q=${encodeURIComponent(query)}`,
              }}
              label="Songs"
              actions={actions}
              showHeader={false}
            />
          </Section>
        )}
        {albums.length > 0 && (
          <MediaRow title="Albums">
            {albums.map((album) => (
              <AlbumCard key={album._id} album={album} />
            ))}
          </MediaRow>
        )}
        {artists.length > 0 && (
          <MediaRow title="Artists">
            {artists.map((artist) => (
              <ArtistCard key={artist._id} artist={artist} />
            ))}
          </MediaRow>
        )}
        {genres.length > 0 && (
          <Section title="Genres">
            <GenreChips genres={genres} label="Genres found" />
          </Section>
        )}
      </>
    );
  };

  return (
    <Container maxWidth="xl" sx={{ py: { xs: 3, md: 4 } }}>
      <title>{query ? `Search: ${query} · Cadenza` : 'Search · Cadenza'}</title>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800, mb: 2 }}>
        Search
      </Typography>
      <TextField
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="What do you want to listen to?"
        autoFocus
        fullWidth
        type="search"
        slotProps={{
          htmlInput: { 'aria-label': 'Search songs, albums and artists' },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon />
              </InputAdornment>
            ),
            sx: { borderRadius: 6, maxWidth: 560 },
          },
        }}
        sx={{ mb: 1 }}
      />
      <Box sx={{ height: 4, mb: 3 }}>
        {search.isFetching && !search.isPending && <LinearProgress aria-label="Searching" />}
      </Box>
      {renderResults()}
      {dialogs}
    </Container>
  );
}
