import type { PublicSong } from '@cadenza/contract/songs';
import { Link } from 'react-router';
import { LATEST_SONGS_COUNT, useLatestSongs } from '@/api/songs/get-latest-songs';
import { LatestSongCard } from './latest-song-card';
import styles from './latest-music-section.module.css';
import { SectionHeading } from './section-heading';
import section from './section.module.css';

export const LATEST_MUSIC_FAILED = 'Failed to load latest music.';

export function LatestMusicSection({
  onPlay,
}: {
  onPlay: (song: PublicSong, songs: PublicSong[]) => void;
}) {
  const { data: songs, isPending, isError } = useLatestSongs();

  return (
    <section aria-labelledby="latest-heading" className={section.section}>
      <div className="cz-container cz-container-lg">
        <SectionHeading
          id="latest-heading"
          title="Latest Music"
          subtitle="Fresh additions to the Cadenza library."
          action={
            <Link to="/discover" className="cz-button cz-button-outlined">
              Discover more
            </Link>
          }
        />
        {isError ? (
          <div role="alert" className={styles.error}>
            <span className={styles.errorText}>{LATEST_MUSIC_FAILED}</span>
          </div>
        ) : isPending ? (
          <div className={`${section.list} ${styles.grid}`}>
            {Array.from({ length: LATEST_SONGS_COUNT }, (_, index) => (
              <div key={index} className={styles.item}>
                <span className={`${section.skeleton} ${styles.placeholder}`} />
              </div>
            ))}
          </div>
        ) : songs.length === 0 ? (
          <p className={section.muted}>No songs available</p>
        ) : (
          <ul className={`${section.list} ${styles.grid}`}>
            {songs.map((song) => (
              <li key={song._id} className={styles.item}>
                <LatestSongCard song={song} onPlay={(chosen) => onPlay(chosen, songs)} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
