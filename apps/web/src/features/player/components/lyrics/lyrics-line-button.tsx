import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import type { LyricsLine } from '@cadenza/contract/lyrics';
import { memo } from 'react';
import { lyricsTextSx } from './lyrics-sx';
import { wordsSpellLine } from './lyrics-timing';

/** What a timed line without words (an instrumental break) shows. */
const BREAK_MARK = '♪';

/**
 * One synced line: a button that moves the song to the line's start. The line being sung is
 * marked `aria-current` and bright; while it is, `sungWords` of its timed words are lit.
 * Memoised: of the lines, only the one whose state changes renders again as the song plays.
 */
export const LyricsLineButton = memo(function LyricsLineButton({
  line,
  index,
  active,
  sungWords,
  onSeek,
}: {
  line: LyricsLine;
  index: number;
  active: boolean;
  /** How many of the line's words are sung; null unless it is the current line. */
  sungWords: number | null;
  onSeek: (startMs: number) => void;
}) {
  const { start } = line;
  const isBreak = line.value.trim() === '';
  return (
    <ButtonBase
      disableRipple
      data-line-index={index}
      aria-current={active ? 'true' : undefined}
      aria-label={isBreak ? 'Instrumental break' : undefined}
      disabled={start === null}
      onClick={() => {
        if (start !== null) onSeek(start);
      }}
      sx={[
        lyricsTextSx,
        {
          display: 'block',
          width: '100%',
          textAlign: 'left',
          py: 0.75,
          px: 1,
          borderRadius: 2,
          color: active ? 'text.primary' : 'text.secondary',
          transition: 'color 200ms ease',
          '&:hover': { color: 'text.primary' },
          '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
        },
      ]}
    >
      {isBreak ? BREAK_MARK : <LineText line={line} sungWords={sungWords} />}
    </ButtonBase>
  );
});

/** The line's text; its words one by one, lit as they are sung, when they were timed. */
function LineText({ line, sungWords }: { line: LyricsLine; sungWords: number | null }) {
  if (sungWords === null || !wordsSpellLine(line)) return line.value;
  return line.words.map((word, index) => (
    <Box
      component="span"
      // Words repeat within a line; their order never changes.
      key={index}
      sx={{
        color: index < sungWords ? 'text.primary' : 'text.secondary',
        transition: 'color 150ms ease',
        whiteSpace: 'pre-wrap',
      }}
    >
      {word.value}
    </Box>
  ));
}
