import { Link } from 'react-router';
import { PlainIcon } from '@/components/plain-icons';
import { dashboardPathFor, selectIsLoggedIn, useAuthStore } from '@/lib/auth-store';
import { FloatingCircles } from './floating-circles';
import styles from './hero-section.module.css';

export function HeroSection() {
  const isLoggedIn = useAuthStore(selectIsLoggedIn);
  const user = useAuthStore((state) => state.user);

  return (
    <section aria-labelledby="hero-heading" className={styles.hero}>
      <FloatingCircles />
      <div className={`cz-container cz-container-md ${styles.content}`}>
        <span className={`cz-overline ${styles.overline}`}>Millions of songs. One place.</span>
        <h1 id="hero-heading" className={styles.title}>
          Music for every <span className={styles.gradient}>moment</span>
        </h1>
        <p className={styles.lead}>
          Stream millions of songs, build custom playlists for every mood and listen anywhere: on
          your phone, tablet or computer. Go premium for ad-free listening.
        </p>
        <div className={styles.actions}>
          <Link
            to={isLoggedIn ? dashboardPathFor(user) : '/login'}
            className={`cz-button cz-button-contained cz-button-large ${styles.action}`}
          >
            {isLoggedIn ? 'GO TO DASHBOARD' : 'GET STARTED'}
            <span className="cz-button-end-icon">
              <PlainIcon name="arrowForward" size="1.375rem" />
            </span>
          </Link>
          <Link
            to="/pricing"
            className={`cz-button cz-button-outlined cz-button-large ${styles.action}`}
          >
            Free Premium in early access
          </Link>
        </div>
      </div>
    </section>
  );
}
