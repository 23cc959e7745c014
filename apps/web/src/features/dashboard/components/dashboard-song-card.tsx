import type { Song } from '@cadenza/contract/songs';
import { memo } from 'react';
import type { CoverLoad } from '@/components/cover-image';
import { SongCard } from '@/components/song-card';
import { songMenuActions } from '@/components/song-actions/song-menu-actions';
import { playSong } from '@/lib/player/play-song';
import { useSongPlayState } from '@/lib/player/use-song-play-state';
import type { SongActions } from '@/components/song-actions/use-song-actions';

/** A song card with the dashboard's like toggle and menu; playing builds the queue from `list`. */
export const DashboardSongCard = memo(function DashboardSongCard({
  song,
  list,
  actions,
  coverLoad,
}: {
  song: Song;
  list: readonly Song[];
  actions: SongActions;
  coverLoad?: CoverLoad;
}) {
  const { active, playing } = useSongPlayState(song._id);

  return (
    <SongCard
      song={song}
      active={active}
      playing={playing}
      onPlay={() => playSong(song, list)}
      liked={actions.likedIds.has(song._id)}
      onToggleLike={actions.toggleLike}
      menuActions={songMenuActions(song, actions)}
      coverLoad={coverLoad}
    />
  );
});
