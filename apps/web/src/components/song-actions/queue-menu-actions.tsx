import AddToQueueIcon from '@mui/icons-material/AddToQueue';
import QueuePlayNextIcon from '@mui/icons-material/QueuePlayNext';
import type { Song } from '@cadenza/contract/songs';
import type { SongMenuAction } from '@/components/song-menu';
import type { QueueActions } from './use-queue-actions';

/**
 * "Play next" and "Add to queue" as menu entries, for a song or a whole list (an album, a playlist,
 * an artist's top songs). `songs` may be a function: read when chosen, so a menu built once sees
 * the list as it is then.
 */
export function queueMenuActions(
  songs: readonly Song[] | (() => readonly Song[]),
  queue: QueueActions,
): SongMenuAction[] {
  const read = typeof songs === 'function' ? songs : () => songs;
  return [
    {
      label: 'Play next',
      icon: <QueuePlayNextIcon fontSize="small" />,
      onSelect: () => queue.playNext(read()),
    },
    {
      label: 'Add to queue',
      icon: <AddToQueueIcon fontSize="small" />,
      onSelect: () => queue.addToQueue(read()),
    },
  ];
}
