import type { ReactNode } from 'react';
import { PlainIcon } from '@/components/plain-icons';
import styles from './auth-alert.module.css';

/**
 * MUI's standard Alert drawn with plain CSS: an error is announced at once (role "alert"), a
 * success politely (role "status").
 */
export function AuthAlert({
  severity,
  spaceBelow = 2,
  children,
}: {
  severity: 'error' | 'success';
  /** Theme spacing under the alert. */
  spaceBelow?: 2 | 3;
  children: ReactNode;
}) {
  return (
    <div
      role={severity === 'error' ? 'alert' : 'status'}
      className={`${styles.alert} ${styles[severity]} ${spaceBelow === 2 ? styles.below2 : styles.below3}`}
    >
      <div className={styles.icon}>
        <PlainIcon name={severity === 'error' ? 'errorOutline' : 'successOutlined'} size="22px" />
      </div>
      <div className={styles.message}>{children}</div>
    </div>
  );
}
