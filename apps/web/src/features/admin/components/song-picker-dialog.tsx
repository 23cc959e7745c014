import CheckBoxIcon from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlankIcon from '@mui/icons-material/CheckBoxOutlineBlank';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { Song } from '@cadenza/contract/songs';
import { useId, useState } from 'react';
import { SearchFieldIcon } from '@/components/search-field-icon';
import { DialogActionRow } from '@/components/dialog-action-row';
import { formatDuration } from '@/lib/format';
import { useAdminSongs } from '@/api/admin/get-admin-songs';
import { rowsOf } from '@/api/admin/admin-list';
import { SongListEntry } from './song-list-entry';
import { LoadError, LoadMore, TabSpinner } from './tab-states';

export const NO_SONGS_TEXT = 'No songs available. Please add songs first.';

function matches(song: Song, words: string[]): boolean {
  const text =
    `${song.title} ${song.artist} ${song.displayArtist} ${song.album ?? ''} ${song.genre}`.toLowerCase();
  return words.every((word) => text.includes(word));
}

/**
 * 'Add Songs to Playlist': a checkbox list of the library with a filter box. It starts from the
 * playlist's current songs and hands back the whole new selection, in the order it was made.
 */
export function SongPickerDialog({
  selected,
  onConfirm,
  onClose,
}: {
  selected: Song[];
  onConfirm: (songs: Song[]) => void;
  onClose: () => void;
}) {
  const songs = useAdminSongs();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const titleId = useId();
  const [filter, setFilter] = useState('');
  const [choice, setChoice] = useState(() => new Map(selected.map((song) => [song._id, song])));

  const all = rowsOf(songs.data?.pages);
  const words = filter.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const shown = words.length === 0 ? all : all.filter((song) => matches(song, words));

  const toggle = (song: Song) =>
    setChoice((current) => {
      const next = new Map(current);
      if (next.has(song._id)) next.delete(song._id);
      else next.set(song._id, song);
      return next;
    });

  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth="sm"
      fullWidth
      fullScreen={fullScreen}
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>Add Songs to Playlist</DialogTitle>
      <DialogContent dividers sx={{ p: 0, display: 'flex', flexDirection: 'column' }}>
        <Box sx={{ p: 2, pb: 1 }}>
          <TextField
            size="small"
            label="Filter songs"
            placeholder="Title, artist, album or genre"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
            slotProps={{
              input: {
                startAdornment: <SearchFieldIcon />,
              },
            }}
          />
          <Typography
            variant="body2"
            role="status"
            sx={{ mt: 1, color: 'primary.main', fontWeight: 600 }}
          >
            {choice.size} songs selected
          </Typography>
        </Box>
        <Box sx={{ flex: 1, minHeight: 240, maxHeight: { sm: 420 }, overflowY: 'auto', px: 1 }}>
          {songs.isPending ? (
            <TabSpinner label="Loading songs" />
          ) : songs.isError ? (
            <Box sx={{ p: 1 }}>
              <LoadError error={songs.error} fallback="Failed to load songs" />
            </Box>
          ) : all.length === 0 ? (
            <Typography sx={{ p: 3, textAlign: 'center', color: 'text.secondary' }}>
              {NO_SONGS_TEXT}
            </Typography>
          ) : shown.length === 0 ? (
            <Typography sx={{ p: 3, textAlign: 'center', color: 'text.secondary' }}>
              No songs match “{filter.trim()}”
            </Typography>
          ) : (
            <List dense aria-label="Songs">
              {shown.map((song) => {
                const checked = choice.has(song._id);
                return (
                  <ListItem key={song._id} disablePadding>
                    {/* The whole row is the checkbox: a checkbox inside a button would be a
                        second control nested in the first. */}
                    <ListItemButton
                      role="checkbox"
                      aria-checked={checked}
                      aria-label={`${song.title} by ${song.displayArtist}`}
                      onClick={() => toggle(song)}
                      selected={checked}
                      sx={{ borderRadius: 2 }}
                    >
                      <ListItemIcon
                        sx={{ minWidth: 40, color: checked ? 'primary.main' : undefined }}
                      >
                        {checked ? <CheckBoxIcon /> : <CheckBoxOutlineBlankIcon />}
                      </ListItemIcon>
                      <SongListEntry song={song} coverSize={40} secondary={song.displayArtist} />
                      <Typography
                        variant="caption"
                        sx={{ color: 'text.secondary', ml: 1, fontVariantNumeric: 'tabular-nums' }}
                      >
                        {formatDuration(song.duration)}
                      </Typography>
                    </ListItemButton>
                  </ListItem>
                );
              })}
            </List>
          )}
          <Box sx={{ pb: 2 }}>
            <LoadMore list={songs} label="Load more songs" />
          </Box>
        </Box>
      </DialogContent>
      <DialogActionRow
        onCancel={onClose}
        confirmLabel="Confirm Selection"
        onConfirm={() => onConfirm([...choice.values()])}
        sx={{ px: 3, py: 2 }}
      />
    </Dialog>
  );
}
