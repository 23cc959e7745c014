import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import QueueMusicIcon from '@mui/icons-material/QueueMusic';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Slide from '@mui/material/Slide';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import type { TransitionProps } from '@mui/material/transitions';
import type { Song } from '@cadenza/contract/songs';
import { useId, useState, type MouseEvent, type ReactElement, type Ref } from 'react';
import { CoverImage } from '@/components/cover-image';
import { songTitle } from '@/components/song-card';
import { usePlayer } from '@/lib/player/player-store';
import type { SheetSwipe } from '../sheet-swipe';
import { useSheetSwipe } from '../use-sheet-swipe';
import { LyricsButton } from './lyrics/lyrics-button';
import { LyricsView } from './lyrics/lyrics-view';
import { PlayerLikeButton, SeekBar, TransportControls } from './player-controls';
import { SongCredits } from './song-credits';

/** The sheet rises from the bottom edge, where the mini-player that opens it is. */
function SlideUp({
  ref,
  ...props
}: TransitionProps & { children: ReactElement; ref?: Ref<unknown> }) {
  return <Slide ref={ref} direction="up" {...props} />;
}

/**
 * The phone's now-playing sheet (docs/product.md §2), opened from the mini-player: the whole
 * screen, above the header, the tab bar, the mini-player and the chat's button, with the cover,
 * the song, like, seek and every transport control, and the queue a tap away; the Lyrics toggle
 * shows the song's lyrics in the cover's place. It swipes down to close and sideways to change
 * song (not on the lyrics, which scroll); each swipe has its button too. Its layer is just under
 * the drawers', so the queue and a song's menu, opened from it, come on top of it.
 */
export function NowPlayingSheet({
  song,
  open,
  onClose,
  onOpenQueue,
}: {
  song: Song;
  open: boolean;
  onClose: () => void;
  onOpenQueue: () => void;
}) {
  const titleId = useId();
  const canGoNext = usePlayer((state) => state.queue.length > 1);
  const [lyricsShown, setLyricsShown] = useState(false);
  const title = songTitle(song);

  const swiped = (swipe: SheetSwipe) => {
    if (swipe === 'close') onClose();
    else if (swipe === 'next') usePlayer.getState().next();
    else usePlayer.getState().previous();
  };
  const { handlers, sheetStyle, songStyle } = useSheetSwipe(
    swiped,
    (swipe) => swipe !== 'next' || canGoNext,
  );

  // Following an artist's or the album's link leaves the sheet for that page.
  const closeOnLink = (event: MouseEvent) => {
    if (event.target instanceof Element && event.target.closest('a[href]')) onClose();
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen
      aria-labelledby={titleId}
      slots={{ transition: SlideUp }}
      slotProps={{
        paper: { sx: { bgcolor: 'transparent', backgroundImage: 'none', boxShadow: 'none' } },
      }}
      sx={{ zIndex: (theme) => theme.zIndex.drawer - 1 }}
    >
      <Box
        data-testid="now-playing-sheet"
        {...handlers}
        style={sheetStyle}
        sx={{
          flex: 1,
          minHeight: 0,
          display: 'flex',
          flexDirection: 'column',
          overflowX: 'hidden',
          overflowY: 'auto',
          // The sheet takes every drag itself: a swipe, never a scroll of the page under it.
          touchAction: 'none',
          userSelect: 'none',
          px: 3,
          pt: 'max(8px, env(safe-area-inset-top))',
          pb: 'max(16px, env(safe-area-inset-bottom))',
          bgcolor: 'background.default',
          backgroundImage: (theme) =>
            `linear-gradient(180deg, ${alpha(theme.palette.primary.main, 0.28)} 0%, transparent 60%)`,
        }}
      >
        <Stack direction="row" sx={{ alignItems: 'center', mx: -1.5, mb: 1 }}>
          <IconButton aria-label="Close now playing" onClick={onClose}>
            <KeyboardArrowDownIcon fontSize="large" />
          </IconButton>
          <Typography
            variant="overline"
            sx={{ flex: 1, textAlign: 'center', color: 'text.secondary', letterSpacing: '0.12em' }}
          >
            Now Playing
          </Typography>
          <IconButton aria-label="Open queue" onClick={onOpenQueue}>
            <QueueMusicIcon />
          </IconButton>
        </Stack>

        <Box
          style={songStyle}
          sx={{
            flex: 1,
            // The lyrics take the height left, and scroll within it.
            minHeight: lyricsShown ? 0 : undefined,
            display: 'flex',
            flexDirection: 'column',
          }}
        >
          {lyricsShown ? (
            <Box data-own-drag sx={{ flex: '1 1 0', minHeight: 160, display: 'flex', mx: -1 }}>
              <LyricsView />
            </Box>
          ) : (
            <Box
              sx={{
                width: 'min(100%, 44dvh)',
                mx: 'auto',
                my: 'auto',
                borderRadius: 3,
                overflow: 'hidden',
                boxShadow: 12,
              }}
            >
              <CoverImage src={song.coverImage} alt={`Cover of ${title}`} size={600} />
            </Box>
          )}
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 3 }}>
            <Box sx={{ minWidth: 0, flex: 1 }} onClick={closeOnLink}>
              <Typography
                id={titleId}
                variant="h5"
                component="h2"
                noWrap
                sx={{ fontWeight: 800 }}
                data-testid="sheet-title"
              >
                {title}
              </Typography>
              <Box sx={{ '& p': { fontSize: '1rem', mt: 0.25 } }}>
                <SongCredits song={song} />
              </Box>
            </Box>
            <LyricsButton shown={lyricsShown} onToggle={() => setLyricsShown((shown) => !shown)} />
            <PlayerLikeButton song={song} size="large" />
          </Stack>
        </Box>

        <Box sx={{ mt: 2 }}>
          <SeekBar fallbackDuration={song.duration} />
        </Box>
        <Box sx={{ mt: 1 }}>
          <TransportControls size="large" />
        </Box>
      </Box>
    </Dialog>
  );
}
