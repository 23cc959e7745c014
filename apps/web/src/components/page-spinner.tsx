import styles from './page-spinner.module.css';

/**
 * `fullHeight` fills the viewport, for a screen still loading: the footer stays out of view.
 * Plain CSS: it shows while a screen's chunk (and MUI with it) is still on its way.
 */
export function PageSpinner({
  label = 'Loading',
  fullHeight = false,
}: {
  label?: string;
  fullHeight?: boolean;
}) {
  return (
    <div className={`${styles.box} ${fullHeight ? styles.full : ''}`}>
      <span role="progressbar" aria-label={label} className={styles.spinner}>
        <svg viewBox="22 22 44 44" width="40" height="40" aria-hidden="true">
          <circle
            className={styles.circle}
            cx="44"
            cy="44"
            r="20.2"
            fill="none"
            strokeWidth="3.6"
          />
        </svg>
      </span>
    </div>
  );
}
