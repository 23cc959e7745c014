import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Song } from '@cadenza/contract/songs';
import { useEffect, useState } from 'react';
import { SearchFieldIcon } from '@/components/search-field-icon';
import { useAddSongToPlaylist } from '@/api/playlists/add-song-to-playlist';
import { useSearch } from '@/api/search/use-search';
import { useToast } from '@/components/toast-context';
import { errorMessage } from '@/lib/api-client';
import { SongSummary } from './song-summary';

/** How long typing pauses before the search runs. */
const SEARCH_PAUSE_MS = 300;

/** The text once typing has paused for `SEARCH_PAUSE_MS`. */
function useSettled(text: string): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(text), SEARCH_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [text]);
  return settled;
}

/**
 * 'Add songs' on the owner's playlist page: a search as you type, each result with an Add button
 * that reads 'Added' once the song is in the playlist.
 */
export function AddSongsPanel({
  playlistId,
  songIds,
}: {
  playlistId: string;
  /** The songs the playlist holds now. */
  songIds: ReadonlySet<string>;
}) {
  const toast = useToast();
  const [text, setText] = useState('');
  const query = useSettled(text.trim());
  const search = useSearch('songs', query);
  const addSong = useAddSongToPlaylist();
  const [adding, setAdding] = useState<string | null>(null);

  const add = (song: Song) => {
    setAdding(song._id);
    addSong.mutate(
      { playlistId, songId: song._id },
      {
        onSuccess: () => toast.success('Song added to playlist'),
        onError: (error) => toast.error(errorMessage(error, 'Failed to add song to playlist')),
        onSettled: () => setAdding(null),
      },
    );
  };

  const results = query === '' ? [] : (search.data ?? []);

  return (
    <Paper
      component="section"
      aria-labelledby="add-songs-heading"
      variant="outlined"
      sx={{ p: { xs: 2, md: 2.5 }, bgcolor: 'transparent' }}
    >
      <Typography id="add-songs-heading" variant="h6" component="h2" sx={{ mb: 1.5 }}>
        Add songs
      </Typography>
      <TextField
        fullWidth
        size="small"
        type="search"
        label="Search for songs to add"
        value={text}
        onChange={(event) => setText(event.target.value)}
        slotProps={{
          input: {
            startAdornment: <SearchFieldIcon />,
            endAdornment: search.isFetching ? (
              <InputAdornment position="end">
                <CircularProgress size={16} aria-label="Searching" />
              </InputAdornment>
            ) : null,
          },
        }}
      />
      {search.isError && (
        <Typography role="alert" sx={{ mt: 1.5, color: 'error.main' }}>
          Error searching for songs
        </Typography>
      )}
      {query !== '' && search.isSuccess && results.length === 0 && (
        <Typography sx={{ mt: 1.5, color: 'text.secondary' }}>No songs found</Typography>
      )}
      {results.length > 0 && (
        <Box
          component="ul"
          aria-label="Search results"
          sx={{ listStyle: 'none', m: 0, mt: 1, p: 0 }}
        >
          {results.map((song) => {
            const added = songIds.has(song._id);
            return (
              <Stack
                component="li"
                key={song._id}
                direction="row"
                spacing={1.5}
                sx={{ alignItems: 'center', py: 0.75 }}
              >
                <SongSummary song={song} />
                <Button
                  size="small"
                  variant={added ? 'text' : 'outlined'}
                  disabled={added || adding === song._id}
                  aria-label={added ? `${song.title} added` : `Add ${song.title}`}
                  onClick={() => add(song)}
                >
                  {added ? 'Added' : 'Add'}
                </Button>
              </Stack>
            );
          })}
        </Box>
      )}
    </Paper>
  );
}
