import LyricsIcon from '@mui/icons-material/Lyrics';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';

/** The toggle between the now-playing view's cover (or nothing) and the song's lyrics. */
export function LyricsButton({ shown, onToggle }: { shown: boolean; onToggle: () => void }) {
  return (
    <Tooltip title={shown ? 'Hide lyrics' : 'Show lyrics'}>
      <IconButton
        aria-label="Lyrics"
        aria-pressed={shown}
        onClick={onToggle}
        sx={{ color: shown ? 'primary.main' : 'text.secondary' }}
      >
        <LyricsIcon />
      </IconButton>
    </Tooltip>
  );
}
