import { useState } from 'react';
import { Link } from 'react-router';
import styles from './profile-card.module.css';

export interface DashboardCounts {
  liked: number;
  saved: number;
  playlists: number;
  recentlyPlayed: number;
}

/** Material icons' Logout, drawn inline: the card renders with the page's head. */
const LOGOUT_PATH =
  'm17 7-1.41 1.41L18.17 11H8v2h10.17l-2.58 2.58L17 17l5-5zM4 5h8V3H4c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h8v-2H4z';

/** The picture, or the name's first letter when there is none or it does not load. */
function ProfileAvatar({ name, image }: { name: string; image: string | null }) {
  const [failedImage, setFailedImage] = useState<string | null>(null);
  const initial = name.trim().charAt(0).toUpperCase() || '?';
  return (
    <div className={styles.avatar}>
      {image && image !== failedImage ? (
        <img
          className={styles.avatarImage}
          src={image}
          alt={name}
          onError={() => setFailedImage(image)}
        />
      ) : (
        initial
      )}
    </div>
  );
}

/**
 * Avatar, name, e-mail, Account settings, Logout, and counters. Plain markup over the theme's tokens, not MUI's
 * Paper, Avatar and Typography: it renders with the page's head, before the first cover paints.
 */
export function ProfileCard({
  name,
  email,
  profileImage,
  counts,
  onLogout,
}: {
  name: string;
  email: string;
  profileImage: string | null;
  counts: DashboardCounts;
  onLogout: () => void;
}) {
  const counters = [
    { label: 'Liked Songs', value: counts.liked },
    { label: 'Library Songs', value: counts.saved },
    { label: 'Playlists', value: counts.playlists },
    { label: 'Recently Played', value: counts.recentlyPlayed },
  ];

  return (
    <section aria-label="Profile" className={styles.card}>
      <div className={styles.layout}>
        <div className={styles.identity}>
          <ProfileAvatar name={name} image={profileImage} />
          <div className={styles.names}>
            <h1 className={styles.name} title={name}>
              {name}
            </h1>
            <p className={styles.email} title={email}>
              {email}
            </p>
          </div>
          <div className={styles.logout}>
            <Link to="/account" className="cz-button cz-button-outlined">
              Account settings
            </Link>
            <button type="button" className="cz-button cz-button-outlined" onClick={onLogout}>
              <span className="cz-button-start-icon">
                <svg className={styles.logoutIcon} viewBox="0 0 24 24" aria-hidden="true">
                  <path d={LOGOUT_PATH} />
                </svg>
              </span>
              Logout
            </button>
          </div>
        </div>
        <dl className={styles.counters}>
          {counters.map((counter) => (
            <div key={counter.label} className={styles.counter}>
              <dt className={styles.counterLabel}>{counter.label}</dt>
              <dd className={styles.counterValue} aria-label={`${counter.label}: ${counter.value}`}>
                {counter.value}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
