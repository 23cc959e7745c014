import styles from './plain-spinner.module.css';

/**
 * MUI's indeterminate CircularProgress drawn in plain markup and CSS, for the screens that show
 * before MUI has loaded (or never load it). Named by `label`, or by the element `labelledBy` names.
 */
export function PlainSpinner({
  size,
  label,
  labelledBy,
  className,
}: {
  size: number;
  label?: string;
  labelledBy?: string;
  className?: string;
}) {
  return (
    <span
      role="progressbar"
      aria-label={label}
      aria-labelledby={labelledBy}
      className={`${styles.spinner} ${className ?? ''}`}
      style={{ width: size, height: size }}
    >
      <svg viewBox="22 22 44 44" width={size} height={size} aria-hidden="true">
        <circle className={styles.circle} cx="44" cy="44" r="20.2" fill="none" strokeWidth="3.6" />
      </svg>
    </span>
  );
}
