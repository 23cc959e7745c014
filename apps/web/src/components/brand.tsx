import { Link } from 'react-router';
import styles from './brand.module.css';
import { PlainIcon } from './plain-icons';

export const PRODUCT_NAME = 'Cadenza';

export function Brand({ onClick }: { onClick?: () => void }) {
  return (
    <Link to="/" onClick={onClick} className={styles.brand}>
      <span aria-hidden className={styles.mark}>
        <PlainIcon name="graphicEq" size="1.25rem" />
      </span>
      <span className={styles.name}>{PRODUCT_NAME}</span>
    </Link>
  );
}
