import type { Song } from '@cadenza/contract/songs';
import { memo } from 'react';
import type { CoverLoad } from '@/components/cover-image';
import { SongCard } from '@/components/song-card';
import { playSong } from '@/lib/player/play-song';
import { useSongPlayState } from '@/lib/player/use-song-play-state';

/**
 * A song card of a Discover section. It follows only whether its own song is current and
 * playing, so starting another song re-renders the two cards concerned, not the whole page.
 * docs/product.md §10.6: plays right here, queue = the song then the rest of its section (`list`).
 */
export const DiscoverSongCard = memo(function DiscoverSongCard({
  song,
  list,
  coverLoad,
}: {
  song: Song;
  list: readonly Song[];
  coverLoad?: CoverLoad;
}) {
  const { active, playing } = useSongPlayState(song._id);
  return (
    <SongCard
      song={song}
      active={active}
      playing={playing}
      onPlay={() => playSong(song, list)}
      coverLoad={coverLoad}
    />
  );
});
