import CloseIcon from '@mui/icons-material/Close';
import PlaylistRemoveIcon from '@mui/icons-material/PlaylistRemove';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import EqualizerIcon from '@mui/icons-material/Equalizer';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { Song } from '@cadenza/contract/songs';
import type { KeyboardEvent } from 'react';
import { formatDuration } from '@/lib/format';
import type { MenuAction } from './action-menu';
import { ArtistCredit } from './artist-credit';
import { ContextMenu } from './context-menu/context-menu';
import { contextMenuTargetSx, useContextMenu } from './context-menu/use-context-menu';
import { CoverImage } from './cover-image';
import { songTitle } from './song-card';

/** Every row has the same height, so that the queue's virtual list measures nothing. */
export const QUEUE_ROW_HEIGHT = 56;

export interface QueueRowDrag {
  onStart: () => void;
  onEnd: () => void;
  onOver: () => void;
  onDrop: () => void;
  /** A drag is under way: rows take drops. */
  active: boolean;
}

/**
 * One song of the queue view: a button that plays it (cover, title, artist, length), and for
 * rows after the current one a drag handle and a remove button. A right-click or a long-press
 * opens the song's menu (`menuActions`), with Remove from queue where the row can be removed.
 */
export function QueueRow({
  song,
  label,
  onPlay,
  queueIndex,
  current = false,
  playing = false,
  muted = false,
  describedBy,
  onRemove,
  onKeyDown,
  drag,
  dropTarget = false,
  menuActions,
}: {
  song: Song;
  /** The play button's accessible name. */
  label: string;
  onPlay: () => void;
  queueIndex?: number;
  current?: boolean;
  playing?: boolean;
  /** Dimmed (a History row). */
  muted?: boolean;
  describedBy?: string | undefined;
  onRemove?: (() => void) | undefined;
  onKeyDown?: (event: KeyboardEvent) => void;
  drag?: QueueRowDrag | undefined;
  dropTarget?: boolean;
  menuActions: readonly MenuAction[];
}) {
  const title = songTitle(song);
  const contextMenu = useContextMenu();
  const rowMenu: readonly MenuAction[] = onRemove
    ? [
        ...menuActions,
        {
          label: 'Remove from queue',
          icon: <PlaylistRemoveIcon fontSize="small" />,
          onSelect: onRemove,
        },
      ]
    : menuActions;
  return (
    <Box
      {...contextMenu.targetProps}
      onDragOver={
        drag?.active
          ? (event) => {
              event.preventDefault();
              drag.onOver();
            }
          : undefined
      }
      onDrop={
        drag?.active
          ? (event) => {
              event.preventDefault();
              drag.onDrop();
            }
          : undefined
      }
      sx={{
        ...contextMenuTargetSx,
        height: QUEUE_ROW_HEIGHT,
        display: 'flex',
        alignItems: 'center',
        pl: drag ? 0 : 1,
        pr: 1,
        borderTop: 2,
        borderColor: dropTarget ? 'primary.main' : 'transparent',
        bgcolor: current ? 'action.selected' : undefined,
        opacity: muted ? 0.75 : 1,
        '&:hover .queue-row-remove, &:focus-within .queue-row-remove': { opacity: 1 },
      }}
    >
      {drag && (
        <Box
          component="span"
          draggable
          aria-hidden
          data-queue-handle={queueIndex}
          onDragStart={(event) => {
            event.dataTransfer.effectAllowed = 'move';
            event.dataTransfer.setData('text/plain', song._id);
            drag.onStart();
          }}
          onDragEnd={drag.onEnd}
          sx={{
            display: 'grid',
            placeItems: 'center',
            width: 24,
            height: '100%',
            cursor: 'grab',
            color: 'text.secondary',
          }}
        >
          <DragIndicatorIcon fontSize="small" />
        </Box>
      )}
      <ButtonBase
        data-row-main
        aria-label={label}
        aria-describedby={describedBy}
        aria-current={current ? 'true' : undefined}
        onClick={onPlay}
        onKeyDown={onKeyDown}
        sx={{
          flex: 1,
          minWidth: 0,
          height: '100%',
          display: 'flex',
          justifyContent: 'flex-start',
          gap: 1.5,
          px: 1,
          borderRadius: 1,
          textAlign: 'left',
          '&:hover': { bgcolor: 'action.hover' },
          '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
        }}
      >
        <Box sx={{ width: 40, height: 40, flexShrink: 0, borderRadius: 1, overflow: 'hidden' }}>
          <CoverImage src={song.coverImage} alt="" size={96} />
        </Box>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography
            noWrap
            sx={{
              fontWeight: 600,
              fontSize: '0.9rem',
              color: current ? 'primary.light' : undefined,
            }}
          >
            {title}
          </Typography>
          <Typography noWrap variant="body2" sx={{ color: 'text.secondary' }}>
            {/* The row is a button: no links inside it. */}
            <ArtistCredit song={song} plain />
          </Typography>
        </Box>
        {playing ? (
          <EqualizerIcon fontSize="small" sx={{ color: 'primary.light' }} aria-hidden />
        ) : (
          <Typography
            variant="caption"
            sx={{ color: 'text.secondary', fontVariantNumeric: 'tabular-nums' }}
          >
            {formatDuration(song.duration)}
          </Typography>
        )}
      </ButtonBase>
      {onRemove && (
        <IconButton
          className="queue-row-remove"
          size="small"
          aria-label={`Remove ${title} from the queue`}
          onClick={onRemove}
          sx={{ color: 'text.secondary', opacity: { xs: 1, md: 0.6 } }}
        >
          <CloseIcon fontSize="small" />
        </IconButton>
      )}
      <ContextMenu menu={contextMenu} actions={rowMenu} />
    </Box>
  );
}
