import FavoriteIcon from '@mui/icons-material/Favorite';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { creditText } from '@cadenza/contract/artist-credit';
import type { Song } from '@cadenza/contract/songs';
import { formatDuration } from '@/lib/format';
import { ArtistCredit } from './artist-credit';
import { CoverImage, type CoverLoad } from './cover-image';
import { ContextMenu } from './context-menu/context-menu';
import { contextMenuTargetSx, useContextMenu } from './context-menu/use-context-menu';
import { CoverPlayButton, revealCoverPlay } from './cover-play-button';
import { SongMenu, type SongMenuAction } from './song-menu';

export type { SongMenuAction };

/** The size of a card's cover (cover-source.ts). */
const CARD_COVER_SIZE = 300;

export function songTitle(song: Pick<Song, 'title'>): string {
  return song.title.trim() || 'Unknown Title';
}

/** The song's artists as one line of text (the credit of `ArtistCredit`, without links). */
export function songArtist(song: Pick<Song, 'artist' | 'artists'>): string {
  return creditText(song.artist, song.artists);
}

/**
 * A song as a card: cover with a play button, title, artist and duration, and optionally a like
 * toggle and a menu of actions, which a right-click or a long-press on the card opens too.
 */
export function SongCard({
  song,
  active = false,
  playing = false,
  onPlay,
  liked,
  onToggleLike,
  menuActions,
  coverLoad,
}: {
  song: Song;
  /** The player's current song. */
  active?: boolean;
  /** The current song and playing. */
  playing?: boolean;
  onPlay: (song: Song) => void;
  liked?: boolean;
  onToggleLike?: (song: Song) => void;
  menuActions?: SongMenuAction[];
  /** Lazily unless the card is in view when the page opens (song-grid.tsx). */
  coverLoad?: CoverLoad;
}) {
  const title = songTitle(song);
  const artist = songArtist(song);
  const showsPause = active && playing;
  const contextMenu = useContextMenu();
  const hasMenu = menuActions !== undefined && menuActions.length > 0;

  return (
    <Card
      component="article"
      aria-label={title}
      elevation={0}
      {...(hasMenu ? contextMenu.targetProps : {})}
      // The current song's look comes from this attribute, not from styles that change with it:
      // a card turning current then changes one attribute, and no new style rules are made in
      // the moments after a play click (docs/benchmarks.md, "Click to sound").
      data-active={active || undefined}
      sx={{
        position: 'relative',
        p: 1.5,
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        gap: 1.25,
        bgcolor: (theme) => alpha(theme.palette.common.white, 0.035),
        border: 1,
        borderColor: 'transparent',
        transition: 'background-color 160ms ease',
        '&[data-active]': {
          bgcolor: (theme) => alpha(theme.palette.common.white, 0.08),
          borderColor: (theme) => alpha(theme.palette.primary.main, 0.5),
        },
        '&:hover, &:focus-within': {
          bgcolor: (theme) => alpha(theme.palette.common.white, 0.08),
        },
        ...revealCoverPlay,
        ...(hasMenu ? contextMenuTargetSx : {}),
      }}
    >
      <Box sx={{ position: 'relative', borderRadius: 1.5, overflow: 'hidden', boxShadow: 4 }}>
        <CoverImage
          src={song.coverImage}
          alt=""
          fallback="song"
          size={CARD_COVER_SIZE}
          {...coverLoad}
        />
        <CoverPlayButton
          label={showsPause ? `Pause ${title}` : `Play ${title}`}
          pause={showsPause}
          shown={active}
          onClick={() => onPlay(song)}
        />
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography
          component="h3"
          variant="subtitle1"
          noWrap
          title={title}
          sx={{
            fontWeight: 700,
            color: 'text.primary',
            '[data-active] &': { color: 'primary.light' },
            lineHeight: 1.3,
          }}
        >
          {title}
        </Typography>
        <Typography variant="body2" noWrap title={artist} sx={{ color: 'text.secondary' }}>
          <ArtistCredit song={song} />
        </Typography>
      </Box>
      <Stack direction="row" sx={{ alignItems: 'center', mt: 'auto', minHeight: 34 }}>
        <Typography
          variant="caption"
          sx={{ color: 'text.secondary', fontVariantNumeric: 'tabular-nums', flex: 1 }}
          aria-label={`Duration ${formatDuration(song.duration)}`}
        >
          {formatDuration(song.duration)}
        </Typography>
        {onToggleLike && (
          <IconButton
            size="small"
            aria-label={liked ? `Unlike ${title}` : `Like ${title}`}
            aria-pressed={liked ?? false}
            onClick={() => onToggleLike(song)}
            sx={{ color: liked ? 'secondary.main' : 'text.secondary' }}
          >
            {liked ? <FavoriteIcon fontSize="small" /> : <FavoriteBorderIcon fontSize="small" />}
          </IconButton>
        )}
        {menuActions && <SongMenu title={title} actions={menuActions} />}
      </Stack>
      {menuActions && <ContextMenu menu={contextMenu} actions={menuActions} />}
    </Card>
  );
}
