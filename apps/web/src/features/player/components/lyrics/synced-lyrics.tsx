import Box from '@mui/material/Box';
import type { LyricsLine } from '@cadenza/contract/lyrics';
import { useCallback } from 'react';
import { usePlayer } from '@/lib/player/player-store';
import { LyricsLineButton } from './lyrics-line-button';
import { lyricsScrollerSx } from './lyrics-sx';
import { currentLineIndex, sungWordCount } from './lyrics-timing';
import { useLineFollowing } from './use-line-following';

/**
 * Synced lyrics: every line, the one being sung lit and kept in view as the song plays (the
 * audio element's progress reports drive it); a line pressed moves the song to it.
 */
export function SyncedLyrics({ lines }: { lines: readonly LyricsLine[] }) {
  const position = usePlayer((state) => state.position);
  const timeMs = Math.round(position * 1000);
  const activeIndex = currentLineIndex(lines, timeMs);
  const { scrollerRef, followAgain } = useLineFollowing(activeIndex, timeMs);

  const seekToLine = useCallback(
    (startMs: number) => {
      followAgain();
      usePlayer.getState().seek(startMs / 1000);
    },
    [followAgain],
  );

  const activeWords = lines[activeIndex]?.words;
  const sungWords = activeWords ? sungWordCount(activeWords, timeMs) : null;

  return (
    <Box ref={scrollerRef} sx={lyricsScrollerSx}>
      {lines.map((line, index) => (
        <LyricsLineButton
          // Lines repeat (a chorus); their order never changes.
          key={index}
          line={line}
          index={index}
          active={index === activeIndex}
          sungWords={index === activeIndex ? sungWords : null}
          onSeek={seekToLine}
        />
      ))}
    </Box>
  );
}
