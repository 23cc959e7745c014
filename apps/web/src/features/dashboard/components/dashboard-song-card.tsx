import DownloadIcon from '@mui/icons-material/Download';
import LibraryAddIcon from '@mui/icons-material/LibraryAdd';
import LibraryAddCheckIcon from '@mui/icons-material/LibraryAddCheck';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import type { Song } from '@cadenza/contract/songs';
import { memo } from 'react';
import { SongCard } from '@/components/song-card';
import { usePlayer } from '@/lib/player/player-store';
import type { SongActions } from '../hooks/use-song-actions';

/** A song card with the dashboard's like toggle and menu; playing builds the queue from `list`. */
export const DashboardSongCard = memo(function DashboardSongCard({
  song,
  list,
  actions,
}: {
  song: Song;
  list: readonly Song[];
  actions: SongActions;
}) {
  const active = usePlayer((state) => state.current?._id === song._id);
  const playing = usePlayer((state) => state.isPlaying && state.current?._id === song._id);
  const saved = actions.savedIds.has(song._id);

  return (
    <SongCard
      song={song}
      active={active}
      playing={playing}
      onPlay={() => usePlayer.getState().playFrom(song, list)}
      liked={actions.likedIds.has(song._id)}
      onToggleLike={actions.toggleLike}
      menuActions={[
        {
          label: saved ? 'Remove from Library' : 'Add to Library',
          icon: saved ? (
            <LibraryAddCheckIcon fontSize="small" />
          ) : (
            <LibraryAddIcon fontSize="small" />
          ),
          onSelect: () => actions.toggleSave(song),
        },
        {
          label: 'Add to Playlist',
          icon: <PlaylistAddIcon fontSize="small" />,
          onSelect: () => actions.addToPlaylist(song),
        },
        {
          label: 'Download',
          icon: <DownloadIcon fontSize="small" />,
          onSelect: () => actions.download(song),
        },
      ]}
    />
  );
});
