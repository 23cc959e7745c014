import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { UnmatchedListen } from '@cadenza/contract/listening-history';
import type { Song } from '@cadenza/contract/songs';
import { useState } from 'react';
import { useResolveListen, useUnmatchedListens } from '@/api/history/unmatched-listens';
import { searchSongs } from '@/api/search/search-songs';
import { EmptyState } from '@/components/empty-state';
import { PageHeading } from '@/components/page-heading';
import { PagedResults } from '@/components/paged-results';
import { TrackListSkeleton } from '@/components/skeletons';
import { useToast } from '@/components/toast-context';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';

/** Finds the song a listen was of, starting from what the listen said. */
function MatchDialog({ listen, onClose }: { listen: UnmatchedListen; onClose: () => void }) {
  const [query, setQuery] = useState(`${listen.artist} ${listen.title}`);
  const [found, setFound] = useState<Song[] | null>(null);
  const [searching, setSearching] = useState(false);
  const { match } = useResolveListen();
  const toast = useToast();

  const search = async () => {
    if (!query.trim()) return;
    setSearching(true);
    try {
      setFound(await searchSongs(query.trim()));
    } catch (error) {
      toast.error(errorMessage(error, 'The search failed'));
    } finally {
      setSearching(false);
    }
  };

  const choose = (song: Song) =>
    match.mutate(
      { listenId: listen.id, songId: song._id },
      {
        onSuccess: () => {
          toast.success(`Matched to "${song.title}"`);
          onClose();
        },
        onError: (error) => toast.error(errorMessage(error, 'The listen could not be matched')),
      },
    );

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="match-listen-title">
      <DialogTitle id="match-listen-title">{`Which song was "${listen.title}"?`}</DialogTitle>
      <DialogContent>
        <Stack
          component="form"
          direction="row"
          spacing={1}
          sx={{ pt: 1 }}
          onSubmit={(event) => {
            event.preventDefault();
            void search();
          }}
        >
          <TextField
            label="Search the library"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            size="small"
            fullWidth
          />
          <Button type="submit" variant="outlined" loading={searching}>
            Search
          </Button>
        </Stack>
        {found !== null && found.length === 0 && (
          <Typography sx={{ mt: 2 }}>No song of the library matches that search.</Typography>
        )}
        {found !== null && found.length > 0 && (
          <List aria-label="Songs found">
            {found.map((song) => (
              <ListItemButton
                key={song._id}
                onClick={() => choose(song)}
                disabled={match.isPending}
              >
                <ListItemText primary={song.title} secondary={song.displayArtist} />
              </ListItemButton>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The Unmatched tab: listens brought along that no song of the library matched, newest first.
 * Each can be matched by hand to a song (it becomes a play at its own time) or dismissed.
 */
export function UnmatchedListensPanel() {
  const listens = useUnmatchedListens();
  const { dismiss } = useResolveListen();
  const [matching, setMatching] = useState<UnmatchedListen | null>(null);
  const toast = useToast();

  return (
    <>
      <PageHeading
        title="Unmatched listens"
        subtitle="Listens of songs the library did not recognise: match them by hand, or let them go"
      />
      <PagedResults
        query={listens}
        skeleton={<TrackListSkeleton label="Loading unmatched listens" />}
        errorMessage="Your unmatched listens could not be loaded."
        empty={<EmptyState text="Every listen you brought found its song." />}
      >
        {(items) => (
          <List aria-label="Unmatched listens">
            {items.map((listen) => (
              <ListItem
                key={listen.id}
                divider
                secondaryAction={
                  <Stack direction="row" spacing={1}>
                    <Button size="small" onClick={() => setMatching(listen)}>
                      Match
                    </Button>
                    <Button
                      size="small"
                      color="inherit"
                      disabled={dismiss.isPending}
                      onClick={() =>
                        dismiss.mutate(listen.id, {
                          onError: (error) =>
                            toast.error(errorMessage(error, 'The listen could not be dismissed')),
                        })
                      }
                    >
                      Dismiss
                    </Button>
                  </Stack>
                }
              >
                <ListItemText
                  primary={`${listen.title} — ${listen.artist}`}
                  secondary={`${listen.album ? `${listen.album} · ` : ''}${formatDateTime(listen.playedAt)}`}
                />
              </ListItem>
            ))}
          </List>
        )}
      </PagedResults>
      {matching && <MatchDialog listen={matching} onClose={() => setMatching(null)} />}
    </>
  );
}
