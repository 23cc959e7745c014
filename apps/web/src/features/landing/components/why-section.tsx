import { PlainIcon, type PlainIconName } from '@/components/plain-icons';
import { SectionHeading } from './section-heading';
import section from './section.module.css';
import styles from './why-section.module.css';

/** docs/product.md §1's promises, as marketing copy (docs/product.md §10.17). */
const reasons: { icon: PlainIconName; title: string; text: string }[] = [
  {
    icon: 'libraryMusic',
    title: 'Millions of songs',
    text: 'From new releases to timeless classics: over 70 million tracks across every genre, ready when you are.',
  },
  {
    icon: 'queueMusic',
    title: 'Custom playlists',
    text: 'Collect the songs you love into playlists for workouts, road trips, focus or late nights.',
  },
  {
    icon: 'devices',
    title: 'Listen anywhere',
    text: 'Your music follows you on phone, tablet and computer. Pick up right where you left off.',
  },
  {
    icon: 'notInterested',
    title: 'Ad-free with Premium',
    text: 'Go premium for uninterrupted, high quality listening, with no ads between your songs.',
  },
];

export function WhySection() {
  return (
    <section aria-labelledby="why-heading" className={`${section.section} ${styles.why}`}>
      <div className="cz-container cz-container-lg">
        <SectionHeading
          id="why-heading"
          title="Why Cadenza?"
          subtitle="Everything you need to enjoy your music, nothing in the way."
        />
        <ul className={`${section.list} ${styles.grid}`}>
          {reasons.map((reason) => (
            <li key={reason.title} className={styles.item}>
              <div className={`${section.card} ${styles.reason}`}>
                <div aria-hidden className={styles.icon}>
                  <PlainIcon name={reason.icon} size="36px" />
                </div>
                <h3 className={styles.title}>{reason.title}</h3>
                <p className={`cz-body2 ${styles.text}`}>{reason.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
