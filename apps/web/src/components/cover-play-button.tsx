import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import IconButton from '@mui/material/IconButton';

/** The class a card's hover and focus styles reveal the play button by. */
export const COVER_PLAY_CLASS = 'cover-play';

/** What a card adds to its styles so that hovering or focusing it shows its play button. */
export const revealCoverPlay = {
  [`&:hover .${COVER_PLAY_CLASS}, &:focus-within .${COVER_PLAY_CLASS}`]: {
    opacity: 1,
    transform: 'translateY(0)',
  },
} as const;

/**
 * The round play (or pause) button on a card's cover, bottom right: hidden until the card is
 * hovered or focused, unless `shown` (always on touch screens).
 */
export function CoverPlayButton({
  label,
  pause,
  shown,
  onClick,
}: {
  label: string;
  /** Shows the pause icon. */
  pause: boolean;
  shown: boolean;
  onClick: () => void;
}) {
  return (
    <IconButton
      className={COVER_PLAY_CLASS}
      aria-label={label}
      onClick={onClick}
      // The ripple's render and styles on mousedown would hold the main thread the click's audio
      // needs (docs/benchmarks.md, "Click to sound"); hover and keyboard focus still show.
      disableRipple
      // Shown by an attribute rather than by styles that change with `shown` (see song-card.tsx).
      data-shown={shown || undefined}
      sx={{
        position: 'absolute',
        zIndex: 1,
        right: 8,
        bottom: 8,
        width: 44,
        height: 44,
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        boxShadow: 6,
        opacity: 0,
        transform: 'translateY(6px)',
        transition: 'opacity 160ms ease, transform 160ms ease',
        '&[data-shown]': { opacity: 1, transform: 'translateY(0)' },
        '&:hover': { bgcolor: 'primary.light' },
        '&.Mui-focusVisible': {
          outline: 2,
          outlineColor: 'primary.contrastText',
          outlineOffset: 2,
        },
        '@media (hover: none)': { opacity: 1, transform: 'none' },
      }}
    >
      {pause ? <PauseIcon /> : <PlayArrowIcon />}
    </IconButton>
  );
}
