import type { Song } from '@cadenza/contract/songs';
import { memo } from 'react';
import { playSong } from '@/lib/player/play-song';
import { useSongPlayState } from '@/lib/player/use-song-play-state';
import type { CoverLoad } from './cover-image';
import { songMenuActions } from './song-actions/song-menu-actions';
import type { SongActions } from './song-actions/use-song-actions';
import { SongCard } from './song-card';

/**
 * A song card that plays its song with `list` as the queue: the song, then the rest of the list.
 * It follows only whether its own song is current and playing, so starting another song
 * re-renders the two cards concerned, not the whole page. With `actions`, the card has the like
 * toggle and the song menu.
 */
export const QueueSongCard = memo(function QueueSongCard({
  song,
  list,
  actions,
  coverLoad,
}: {
  song: Song;
  list: readonly Song[];
  actions?: SongActions;
  coverLoad?: CoverLoad;
}) {
  const { active, playing } = useSongPlayState(song._id);
  return (
    <SongCard
      song={song}
      active={active}
      playing={playing}
      onPlay={() => playSong(song, list)}
      liked={actions?.likedIds.has(song._id)}
      onToggleLike={actions?.toggleLike}
      menuActions={actions && songMenuActions(song, actions)}
      coverLoad={coverLoad}
    />
  );
});
