import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { LyricsLine } from '@cadenza/contract/lyrics';
import { lyricsScrollerSx, lyricsTextSx } from './lyrics-sx';

/** Plain (untimed) lyrics: the text line by line, an empty line kept as a gap between verses. */
export function UntimedLyrics({ lines }: { lines: readonly LyricsLine[] }) {
  return (
    <Box sx={[lyricsScrollerSx, { px: 1 }]}>
      {lines.map((line, index) =>
        line.value.trim() === '' ? (
          // Lines repeat (a chorus); their order never changes.
          <Box key={index} aria-hidden sx={{ height: '1em' }} />
        ) : (
          <Typography key={index} sx={[lyricsTextSx, { color: 'text.primary', py: 0.5 }]}>
            {line.value}
          </Typography>
        ),
      )}
    </Box>
  );
}
