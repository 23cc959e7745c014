import PlayArrowRoundedIcon from '@mui/icons-material/PlayArrowRounded';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { PublicSong } from '@cadenza/contract/songs';
import { CoverImage } from '@/components/cover-image';

/** A cover with title and artist; the play button floats over the cover. */
export function LatestSongCard({
  song,
  onPlay,
}: {
  song: PublicSong;
  onPlay: (song: PublicSong) => void;
}) {
  const title = song.title || 'Unknown Title';
  const artist = song.artist || 'Unknown Artist';

  return (
    <Box
      component="article"
      aria-label={`${title} by ${artist}`}
      sx={{
        p: 1.5,
        borderRadius: 2,
        bgcolor: 'background.paper',
        border: 1,
        borderColor: 'divider',
        transition: 'background-color 200ms, transform 200ms',
        '&:hover, &:focus-within': { bgcolor: 'action.hover' },
        '&:hover .play-overlay, &:focus-within .play-overlay': {
          opacity: 1,
          transform: 'translateY(0)',
        },
      }}
    >
      <Box
        sx={{
          position: 'relative',
          aspectRatio: '1 / 1',
          borderRadius: 1.5,
          overflow: 'hidden',
          bgcolor: 'action.hover',
        }}
      >
        <CoverImage src={song.coverImage} alt="" size={300} />
        <IconButton
          className="play-overlay"
          aria-label={`Play ${title}`}
          onClick={() => onPlay(song)}
          sx={{
            position: 'absolute',
            right: 10,
            bottom: 10,
            width: 48,
            height: 48,
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            boxShadow: 6,
            opacity: { xs: 1, md: 0 },
            transform: { xs: 'none', md: 'translateY(8px)' },
            transition: 'opacity 200ms, transform 200ms, background-color 200ms',
            '&:hover': { bgcolor: 'primary.light' },
            '&:focus-visible': { opacity: 1, transform: 'none' },
          }}
        >
          <PlayArrowRoundedIcon sx={{ fontSize: 30 }} />
        </IconButton>
      </Box>
      <Typography component="h3" sx={{ fontWeight: 700, mt: 1.5 }} noWrap title={title}>
        {title}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }} noWrap title={artist}>
        {artist}
      </Typography>
    </Box>
  );
}
