import CloseIcon from '@mui/icons-material/Close';
import EqualizerIcon from '@mui/icons-material/Equalizer';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { usePlayer } from '@/lib/player/player-store';
import { formatDuration } from '@/lib/format';
import { CoverImage } from './cover-image';
import { songArtist, songTitle } from './song-card';

/**
 * The player's queue ('Now Playing'): the first row is the current song (choosing it toggles
 * play), any other row moves to the front and plays, or leaves the queue by its remove button.
 */
export function QueuePanel() {
  const queue = usePlayer((state) => state.queue);
  const isPlaying = usePlayer((state) => state.isPlaying);
  const playQueueIndex = usePlayer((state) => state.playQueueIndex);
  const removeQueueIndex = usePlayer((state) => state.removeQueueIndex);

  return (
    <Box>
      <Typography variant="h6" component="h2" sx={{ px: 2, pt: 2, pb: 1 }}>
        Now Playing
      </Typography>
      {queue.length === 0 ? (
        <Typography sx={{ px: 2, py: 3, color: 'text.secondary' }}>No songs in queue</Typography>
      ) : (
        <List aria-label="Queue" dense>
          {queue.map((song, index) => (
            <ListItem
              key={`${song._id}-${index}`}
              disablePadding
              secondaryAction={
                index === 0 ? undefined : (
                  <IconButton
                    edge="end"
                    size="small"
                    aria-label={`Remove ${songTitle(song)} from the queue`}
                    onClick={() => removeQueueIndex(index)}
                    sx={{ color: 'text.secondary' }}
                  >
                    <CloseIcon fontSize="small" />
                  </IconButton>
                )
              }
            >
              <ListItemButton
                selected={index === 0}
                onClick={() => playQueueIndex(index)}
                aria-label={
                  index === 0
                    ? `${isPlaying ? 'Pause' : 'Play'} ${songTitle(song)}`
                    : `Play ${songTitle(song)} now`
                }
                sx={{ gap: 1.5, py: 0.75 }}
              >
                <Box sx={{ width: 40, flexShrink: 0, borderRadius: 1, overflow: 'hidden' }}>
                  <CoverImage src={song.coverImage} alt="" size={96} />
                </Box>
                <ListItemText
                  primary={songTitle(song)}
                  secondary={songArtist(song)}
                  slotProps={{
                    primary: {
                      noWrap: true,
                      sx: { fontWeight: 600, color: index === 0 ? 'primary.light' : undefined },
                    },
                    secondary: { noWrap: true },
                  }}
                  sx={{ minWidth: 0 }}
                />
                {index === 0 && isPlaying ? (
                  <EqualizerIcon fontSize="small" sx={{ color: 'primary.light' }} aria-hidden />
                ) : (
                  <Typography
                    variant="caption"
                    sx={{ color: 'text.secondary', fontVariantNumeric: 'tabular-nums' }}
                  >
                    {formatDuration(song.duration)}
                  </Typography>
                )}
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
