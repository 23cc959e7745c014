import { PlainSpinner } from './plain-spinner';
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
      <PlainSpinner size={40} label={label} />
    </div>
  );
}
