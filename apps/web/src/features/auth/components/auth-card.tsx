import type { ReactNode } from 'react';
import { PlainIcon, type PlainIconName } from '@/components/plain-icons';
import styles from './auth-card.module.css';

/** The card every auth screen sits in: an icon, the screen's heading and its subtitle. */
export function AuthCard({
  title,
  subtitle,
  icon,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  icon: PlainIconName;
  children: ReactNode;
}) {
  return (
    <div className={`cz-container ${styles.page}`}>
      <title>{`${title} · Cadenza`}</title>
      <div className={styles.card}>
        <div className={styles.header}>
          <div className={styles.icon}>
            <PlainIcon name={icon} />
          </div>
          <h1 className={styles.title}>{title}</h1>
          {subtitle && (
            <p className={`cz-body2 cz-secondary-text ${styles.subtitle}`}>{subtitle}</p>
          )}
        </div>
        {children}
      </div>
    </div>
  );
}
