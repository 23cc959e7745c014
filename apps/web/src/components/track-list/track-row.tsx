import FavoriteIcon from '@mui/icons-material/Favorite';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import type { Song } from '@cadenza/contract/songs';
import { memo, type HTMLAttributes, type ReactNode } from 'react';
import { ArtistCredit } from '@/components/artist-credit';
import { ContextMenu } from '@/components/context-menu/context-menu';
import { contextMenuTargetSx, useContextMenu } from '@/components/context-menu/use-context-menu';
import { CoverImage } from '@/components/cover-image';
import { songTitle } from '@/components/song-card';
import { SongMenu, type SongMenuAction } from '@/components/song-menu';
import { albumPath } from '@/components/song-actions/song-menu-actions';
import { formatTrackTime } from '@/lib/format';
import { Equaliser } from './equaliser';

/** Attributes a page may add to a song's row (drag and drop handlers, data attributes). */
export type TrackRowProps = HTMLAttributes<HTMLDivElement> & { [data: `data-${string}`]: string };

/** The columns a list shows, as a CSS grid template for each screen width. */
export function trackColumns({
  handle,
  album,
  trailing,
}: {
  handle: boolean;
  album: boolean;
  trailing: boolean;
}) {
  const lead = handle ? '28px ' : '';
  const tail = trailing ? 'auto ' : '';
  return {
    xs: `${lead}minmax(0, 1fr) ${tail}40px`,
    sm: `${lead}40px minmax(0, 1fr) ${tail}40px 56px 40px`,
    md: `${lead}40px minmax(0, 1fr) ${album ? 'minmax(0, 0.75fr) ' : ''}${tail}40px 56px 40px`,
  };
}

export const rowSx = {
  display: 'grid',
  alignItems: 'center',
  columnGap: { xs: 1, sm: 2 },
  px: { xs: 0.5, sm: 2 },
  borderRadius: 1,
} as const;

/** Shown from `sm` up; the phone layout keeps cover, title, artist and menu. */
export const wideOnly = { display: { xs: 'none', sm: 'flex' } } as const;

export interface TrackRowModel {
  song: Song;
  /** The song's place in the list (0-based). */
  index: number;
  /** What the number column shows. */
  number: number;
  /** Its 1-based row in the grid, header and section rows counted (aria-rowindex). */
  rowIndex: number;
}

/** A link in a row, in the row's colour; following it never plays the row. */
function RowLink({
  href,
  tabIndex,
  children,
}: {
  href: string;
  tabIndex: number;
  children: ReactNode;
}) {
  return (
    <Link
      href={href}
      tabIndex={tabIndex}
      color="inherit"
      underline="hover"
      onClick={(event) => event.stopPropagation()}
    >
      {children}
    </Link>
  );
}

export const TrackRow = memo(function TrackRow({
  model,
  active,
  playing,
  liked,
  focused,
  showAlbum,
  showCover,
  menuFor,
  renderTrailing,
  renderHandle,
  columns,
  rowProps,
  onPlay,
  onToggleLike,
  onFocusRow,
}: {
  model: TrackRowModel;
  active: boolean;
  playing: boolean;
  liked: boolean;
  /** The row the list's roving focus is on: the one Tab reaches. */
  focused: boolean;
  showAlbum: boolean;
  showCover: boolean;
  menuFor: (song: Song, index: number) => readonly SongMenuAction[];
  /**
   * A page's own cells and attributes of the row, made here from the song: the row re-renders
   * only when these functions change, not each time its list renders.
   */
  renderTrailing: ((song: Song, index: number) => ReactNode) | undefined;
  renderHandle: ((song: Song, index: number) => ReactNode) | undefined;
  columns: ReturnType<typeof trackColumns>;
  rowProps: ((song: Song, index: number) => TrackRowProps) | undefined;
  onPlay: (song: Song, index: number) => void;
  onToggleLike: (song: Song) => void;
  onFocusRow: (index: number) => void;
}) {
  const { song, index, number, rowIndex } = model;
  const trailing = renderTrailing?.(song, index);
  const handle = renderHandle?.(song, index);
  const extraProps = rowProps?.(song, index);
  const title = songTitle(song);
  const inner = focused ? 0 : -1;
  const showsPause = active && playing;
  const menuActions = menuFor(song, index);
  const contextMenu = useContextMenu();
  const { targetProps } = contextMenu;

  return (
    <Box
      {...extraProps}
      // A right-click or a long-press opens the row's "…" menu at the pointer.
      onContextMenu={(event) => {
        extraProps?.onContextMenu?.(event);
        if (menuActions.length > 0) targetProps.onContextMenu(event);
      }}
      onTouchStart={(event) => {
        extraProps?.onTouchStart?.(event);
        if (menuActions.length > 0) targetProps.onTouchStart(event);
      }}
      onTouchMove={(event) => {
        extraProps?.onTouchMove?.(event);
        targetProps.onTouchMove(event);
      }}
      onTouchEnd={(event) => {
        extraProps?.onTouchEnd?.(event);
        targetProps.onTouchEnd(event);
      }}
      onTouchCancel={(event) => {
        extraProps?.onTouchCancel?.(event);
        targetProps.onTouchCancel(event);
      }}
      role="row"
      aria-rowindex={rowIndex}
      aria-current={active ? 'true' : undefined}
      aria-label={title}
      data-song-index={index}
      tabIndex={inner}
      onFocus={(event) => {
        extraProps?.onFocus?.(event);
        onFocusRow(index);
      }}
      onDoubleClick={(event) => {
        extraProps?.onDoubleClick?.(event);
        if ((event.target as Element).closest('a, button')) return;
        onPlay(song, index);
      }}
      onClick={(event) => {
        extraProps?.onClick?.(event);
        // On a touch screen there is no double tap: one tap on the row plays.
        if ((event.target as Element).closest('a, button')) return;
        if (typeof window.matchMedia === 'function' && window.matchMedia('(hover: none)').matches)
          onPlay(song, index);
      }}
      sx={{
        ...rowSx,
        gridTemplateColumns: columns,
        height: '100%',
        outline: 'none',
        cursor: 'default',
        userSelect: 'none',
        ...contextMenuTargetSx,
        bgcolor: (theme) => (active ? alpha(theme.palette.common.white, 0.04) : 'transparent'),
        '&:hover, &:focus-within': {
          bgcolor: (theme) => alpha(theme.palette.common.white, 0.08),
        },
        '&:focus-visible': {
          boxShadow: (theme) => `inset 0 0 0 2px ${theme.palette.primary.main}`,
        },
        '& .track-number': { display: 'flex' },
        '& .track-play': { display: 'none' },
        '&:hover .track-number, &:focus-within .track-number': { display: 'none' },
        '&:hover .track-play, &:focus-within .track-play': { display: 'inline-flex' },
        '& .track-like': { opacity: liked ? 1 : 0 },
        '&:hover .track-like, &:focus-within .track-like': { opacity: 1 },
        '@media (hover: none)': { '& .track-like': { opacity: 1 } },
      }}
    >
      {handle !== null && handle !== undefined && (
        <Box role="gridcell" sx={{ display: 'flex', justifyContent: 'center' }}>
          {handle}
        </Box>
      )}
      <Box role="gridcell" sx={{ ...wideOnly, justifyContent: 'center', alignItems: 'center' }}>
        <Box
          className="track-number"
          sx={{
            width: 32,
            justifyContent: 'center',
            color: active ? 'primary.main' : 'text.secondary',
            fontVariantNumeric: 'tabular-nums',
          }}
        >
          {showsPause ? <Equaliser /> : <Typography variant="body2">{number}</Typography>}
        </Box>
        <IconButton
          className="track-play"
          size="small"
          tabIndex={inner}
          aria-label={showsPause ? `Pause ${title}` : `Play ${title}`}
          onClick={() => onPlay(song, index)}
          sx={{ color: 'text.primary' }}
        >
          {showsPause ? <PauseIcon fontSize="small" /> : <PlayArrowIcon fontSize="small" />}
        </IconButton>
      </Box>
      <Box role="gridcell" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
        <Box
          sx={{
            display: { xs: 'block', sm: showCover ? 'block' : 'none' },
            width: 40,
            flexShrink: 0,
            borderRadius: 0.5,
            overflow: 'hidden',
          }}
        >
          <CoverImage src={song.coverImage} alt="" size={96} />
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Typography
            noWrap
            title={title}
            sx={{
              fontWeight: 500,
              fontSize: '0.95rem',
              lineHeight: 1.35,
              color: active ? 'primary.main' : 'text.primary',
            }}
          >
            {title}
          </Typography>
          <Typography variant="body2" noWrap sx={{ color: 'text.secondary', lineHeight: 1.35 }}>
            <ArtistCredit
              song={song}
              linkProps={{ tabIndex: inner, onClick: (event) => event.stopPropagation() }}
            />
          </Typography>
        </Box>
      </Box>
      {showAlbum && (
        <Box role="gridcell" sx={{ display: { xs: 'none', md: 'block' }, minWidth: 0 }}>
          <Typography variant="body2" noWrap sx={{ color: 'text.secondary' }}>
            {song.albumId && song.album ? (
              <RowLink href={albumPath(song.albumId)} tabIndex={inner}>
                {song.album}
              </RowLink>
            ) : (
              song.album
            )}
          </Typography>
        </Box>
      )}
      {trailing !== null && trailing !== undefined && (
        <Box role="gridcell" sx={{ display: 'flex', justifyContent: 'center' }}>
          {trailing}
        </Box>
      )}
      <Box role="gridcell" sx={{ ...wideOnly, justifyContent: 'center' }}>
        <IconButton
          className="track-like"
          size="small"
          tabIndex={inner}
          aria-label={liked ? `Unlike ${title}` : `Like ${title}`}
          aria-pressed={liked}
          onClick={() => onToggleLike(song)}
          sx={{ color: liked ? 'secondary.main' : 'text.secondary' }}
        >
          {liked ? <FavoriteIcon fontSize="small" /> : <FavoriteBorderIcon fontSize="small" />}
        </IconButton>
      </Box>
      <Box
        role="gridcell"
        sx={{ ...wideOnly, justifyContent: 'flex-end', color: 'text.secondary' }}
      >
        <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {formatTrackTime(song.durationMs)}
        </Typography>
      </Box>
      <Box role="gridcell" sx={{ display: 'flex', justifyContent: 'center' }}>
        <SongMenu title={title} actions={menuActions} horizontal tabIndex={inner} />
      </Box>
      <ContextMenu menu={contextMenu} actions={menuActions} />
    </Box>
  );
});
