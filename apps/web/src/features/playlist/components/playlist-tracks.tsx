import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import type { Song } from '@cadenza/contract/songs';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { SongActions } from '@/components/song-actions/use-song-actions';
import { TrackList } from '@/components/track-list/track-list';
import { ScreenReaderAnnouncement } from '@/components/screen-reader-announcement';

/** A song being moved with the keyboard: where it was, and where it is shown now. */
interface Lifted {
  readonly songId: string;
  readonly from: number;
  readonly to: number;
}

/** `songs` with the one at `from` moved to `to`. */
export function moved<T>(items: readonly T[], from: number, to: number): T[] {
  const rest = items.filter((_, index) => index !== from);
  const item = items[from];
  return item === undefined ? [...items] : [...rest.slice(0, to), item, ...rest.slice(to)];
}

/**
 * A playlist's songs in their order, in the shared track list (a double-click or Enter on a row
 * plays from it). For the owner, each row has a drag handle and a remove button: drag
 * it with the mouse, or focus it and press Space to pick the song up, Up and Down to move it,
 * Space to drop it and Escape to put it back; a live region says what happens. `onMove` gets the
 * song and its new 0-based index once it is dropped somewhere else.
 */
export function PlaylistTracks({
  songs,
  actions,
  editable,
  onPlay,
  onMove,
  onRemove,
}: {
  songs: readonly Song[];
  /** The shared song actions (like, save, add to playlist, download) of each row's menu. */
  actions: SongActions;
  editable: boolean;
  /** Plays the song at this index of `songs`. */
  onPlay: (index: number) => void;
  onMove: (song: Song, position: number) => void;
  onRemove: (song: Song) => void;
}) {
  const [lifted, setLifted] = useState<Lifted | null>(null);
  const [dragged, setDragged] = useState<{ from: number; over: number } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const handles = useRef(new Map<string, HTMLButtonElement>());
  const instructionsId = useId();

  const shown = lifted
    ? moved(songs, lifted.from, lifted.to)
    : dragged
      ? moved(songs, dragged.from, dragged.over)
      : songs;
  const count = songs.length;

  // Moving a row re-inserts its element, which loses focus: the lifted handle keeps it.
  useEffect(() => {
    if (lifted) handles.current.get(lifted.songId)?.focus();
  }, [lifted]);

  const onHandleKey = (event: KeyboardEvent, song: Song, index: number) => {
    const key = event.key;
    if (!lifted) {
      if (key !== ' ' && key !== 'Enter') return;
      // The list itself would play the song on Enter.
      event.stopPropagation();
      event.preventDefault();
      setLifted({ songId: song._id, from: index, to: index });
      setAnnouncement(
        `Picked up ${song.title}, position ${index + 1} of ${count}. ` +
          'Press Up or Down to move it, Space to drop it, Escape to cancel.',
      );
      return;
    }
    // While a song is lifted, its keys move it rather than the focus between rows.
    event.stopPropagation();
    if (key === 'ArrowUp' || key === 'ArrowDown') {
      event.preventDefault();
      const to = Math.min(count - 1, Math.max(0, lifted.to + (key === 'ArrowUp' ? -1 : 1)));
      setLifted({ ...lifted, to });
      setAnnouncement(`${song.title}, position ${to + 1} of ${count}.`);
    } else if (key === ' ' || key === 'Enter') {
      event.preventDefault();
      const liftedSong = songs[lifted.from];
      setLifted(null);
      if (!liftedSong) return;
      setAnnouncement(`Dropped ${liftedSong.title} at position ${lifted.to + 1} of ${count}.`);
      if (lifted.to !== lifted.from) onMove(liftedSong, lifted.to);
    } else if (key === 'Escape') {
      event.preventDefault();
      setLifted(null);
      setAnnouncement(`Move cancelled. ${song.title} is back at position ${lifted.from + 1}.`);
    }
  };

  return (
    <Box>
      <Box id={instructionsId} sx={{ display: 'none' }}>
        Press Space to pick the song up, Up and Down to move it, Space to drop it, Escape to cancel.
        With a mouse, drag the handle.
      </Box>
      <ScreenReaderAnnouncement message={announcement} assertive />
      <TrackList
        songs={shown}
        label="Songs"
        actions={actions}
        queue={songs}
        onPlay={(song, index) =>
          // While a row is being moved, the shown order is not the playlist's.
          onPlay(songs[index] === song ? index : songs.indexOf(song))
        }
        renderHandle={
          editable
            ? (song, index) => (
                <IconButton
                  size="small"
                  ref={(element) => {
                    if (element) handles.current.set(song._id, element);
                    else handles.current.delete(song._id);
                  }}
                  aria-label={`Reorder ${song.title}`}
                  aria-describedby={instructionsId}
                  aria-pressed={lifted?.songId === song._id}
                  draggable
                  onKeyDown={(event) => onHandleKey(event, song, index)}
                  onDragStart={(event) => {
                    event.dataTransfer.effectAllowed = 'move';
                    event.dataTransfer.setData('text/plain', song._id);
                    setDragged({ from: index, over: index });
                  }}
                  onDragEnd={() => setDragged(null)}
                  sx={{
                    cursor: 'grab',
                    color: lifted?.songId === song._id ? 'primary.main' : 'text.secondary',
                    bgcolor: lifted?.songId === song._id ? 'action.selected' : 'transparent',
                  }}
                >
                  <DragIndicatorIcon fontSize="small" />
                </IconButton>
              )
            : undefined
        }
        rowProps={
          editable
            ? (song, index) => ({
                'data-song-id': song._id,
                style: {
                  opacity: dragged && songs[dragged.from]?._id === song._id ? 0.5 : 1,
                },
                onDragOver: (event) => {
                  if (!dragged) return;
                  event.preventDefault();
                  if (dragged.over !== index) setDragged({ ...dragged, over: index });
                },
                onDrop: (event) => {
                  event.preventDefault();
                  const drag = dragged;
                  setDragged(null);
                  const draggedSong = drag ? songs[drag.from] : undefined;
                  if (drag && draggedSong && drag.over !== drag.from) {
                    setAnnouncement(
                      `Dropped ${draggedSong.title} at position ${drag.over + 1} of ${count}.`,
                    );
                    onMove(draggedSong, drag.over);
                  }
                },
              })
            : undefined
        }
        renderTrailing={
          editable
            ? (song) => (
                <IconButton
                  size="small"
                  aria-label={`Remove ${song.title} from playlist`}
                  onClick={() => onRemove(song)}
                  sx={{ color: 'text.secondary' }}
                >
                  <DeleteOutlineIcon fontSize="small" />
                </IconButton>
              )
            : undefined
        }
      />
    </Box>
  );
}
