import type { PublicSong } from '@cadenza/contract/songs';
import { PlainCoverImage } from '@/components/plain-cover-image';
import { PlainIcon } from '@/components/plain-icons';
import styles from './latest-song-card.module.css';

/** A cover with title and artist; the play button floats over the cover. */
export function LatestSongCard({
  song,
  onPlay,
}: {
  song: PublicSong;
  onPlay: (song: PublicSong) => void;
}) {
  const title = song.title || 'Unknown Title';
  // The server's credit (`creditText`): the rule's code stays out of the landing page's bundle.
  const artist = song.displayArtist;

  return (
    <article aria-label={`${title} by ${artist}`} className={styles.card}>
      <div className={styles.cover}>
        <PlainCoverImage src={song.coverImage} alt="" size={300} />
        <button
          type="button"
          className={`cz-icon-button ${styles.play}`}
          aria-label={`Play ${title}`}
          onClick={() => onPlay(song)}
        >
          <PlainIcon name="playArrowRounded" size="30px" />
        </button>
      </div>
      <h3 className={styles.title} title={title}>
        {title}
      </h3>
      <p className={`cz-body2 ${styles.artist}`} title={artist}>
        {artist}
      </p>
    </article>
  );
}
