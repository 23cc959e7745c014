import { useRef, type ReactNode } from 'react';
import { PlainIcon } from '@/components/plain-icons';
import { capitalize } from '@/lib/format';
import { useQuickStats } from '@/api/stats/get-quick-stats';
import { useCountUp } from '../hooks/use-count-up';
import styles from './community-section.module.css';
import { SectionHeading } from './section-heading';
import section from './section.module.css';

const numberFormat = new Intl.NumberFormat('en-US');
const dateFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
});

export function formatJoined(createdAt: string): string {
  const time = Date.parse(createdAt);
  return Number.isNaN(time) ? '' : `Joined ${dateFormat.format(time)}`;
}

function StatCard({ icon, label, value }: { icon: ReactNode; label: string; value: number }) {
  const card = useRef<HTMLDivElement>(null);
  const shown = useCountUp(value, card);
  return (
    <div ref={card} className={`${section.card} ${styles.statCard}`}>
      <div aria-hidden className={styles.statIcon}>
        {icon}
      </div>
      <div>
        <p className={styles.statValue}>{`${numberFormat.format(shown)}+`}</p>
        <p className={section.muted}>{label}</p>
      </div>
    </div>
  );
}

function ListCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className={`${section.card} ${styles.listCard}`}>
      <h3 className={styles.listTitle}>{title}</h3>
      {children}
    </section>
  );
}

function Placeholder() {
  return <span className={`${section.skeleton} ${styles.placeholder}`} />;
}

export function CommunitySection() {
  const { data, isPending } = useQuickStats();
  const stats = data?.stats ?? { users: 0, songs: 0 };
  const genres = data?.popularGenres ?? [];
  const members = data?.recentUsers ?? [];
  const topCount = Math.max(1, ...genres.map((genre) => genre.count));

  return (
    <section aria-labelledby="community-heading" className={section.section}>
      <div className="cz-container cz-container-lg">
        <SectionHeading
          id="community-heading"
          title="Join our growing community"
          subtitle="Real listeners, real music: the numbers behind Cadenza right now."
        />
        <div className={`${section.list} ${styles.grid}`}>
          <div className={styles.stat}>
            <StatCard
              icon={<PlainIcon name="peopleAlt" />}
              label="Active Users"
              value={stats.users}
            />
          </div>
          <div className={styles.stat}>
            <StatCard
              icon={<PlainIcon name="libraryMusic" />}
              label="Songs Available"
              value={stats.songs}
            />
          </div>
          <div className={styles.listItem}>
            <ListCard title="Popular Genres">
              {isPending ? (
                <Placeholder />
              ) : genres.length === 0 ? (
                <p className={section.muted}>No genres yet</p>
              ) : (
                <ul className={styles.rows}>
                  {genres.map((genre) => (
                    <li key={genre._id}>
                      <div className={styles.genre}>
                        <p className={styles.strong}>{capitalize(genre._id)}</p>
                        <p className={section.muted}>
                          {genre.count} {genre.count === 1 ? 'song' : 'songs'}
                        </p>
                      </div>
                      <div aria-hidden className={styles.track}>
                        <div
                          className={styles.bar}
                          style={{ transform: `scaleX(${genre.count / topCount})` }}
                        />
                      </div>
                    </li>
                  ))}
                </ul>
              )}
            </ListCard>
          </div>
          <div className={styles.listItem}>
            <ListCard title="Newest Members">
              {isPending ? (
                <Placeholder />
              ) : members.length === 0 ? (
                <p className={section.muted}>No members yet</p>
              ) : (
                <ul className={`${styles.rows} ${styles.members}`}>
                  {members.map((member, index) => (
                    <li
                      key={`${member.name}-${member.createdAt}-${index}`}
                      className={styles.member}
                    >
                      <div
                        aria-hidden
                        className={`${styles.avatar} ${index % 2 ? styles.avatarAlt : ''}`}
                      >
                        {member.name.trim().charAt(0).toUpperCase() || '?'}
                      </div>
                      <div className={styles.memberText}>
                        <p className={`${styles.strong} ${styles.name}`}>{member.name}</p>
                        <p className={`cz-body2 ${section.muted}`}>
                          {formatJoined(member.createdAt)}
                        </p>
                      </div>
                    </li>
                  ))}
                </ul>
              )}
            </ListCard>
          </div>
        </div>
      </div>
    </section>
  );
}
