import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { PlainSpinner } from '@/components/plain-spinner';
import styles from './auth-form-actions.module.css';

/** An auth form's one full-width submit button, spinning while the request is out. */
export function AuthSubmitButton({
  loading,
  spaceAbove,
  children,
}: {
  loading: boolean;
  /** Theme spacing above the button: less where a checkbox row already sits above it. */
  spaceAbove: 2 | 3;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <button
      id={id}
      type="submit"
      disabled={loading}
      className={`cz-button cz-button-contained ${styles.action} ${spaceAbove === 2 ? styles.above2 : styles.above3} ${loading ? styles.loading : ''}`}
    >
      {children}
      {loading && <PlainSpinner size={16} labelledBy={id} className={styles.spinner} />}
    </button>
  );
}

/** The full-width button-like link an auth screen ends with once its work is done. */
export function AuthActionLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className={`cz-button cz-button-contained ${styles.action}`}>
      {children}
    </Link>
  );
}

/** The line under an auth form that leads to the neighbouring screen (log in, sign up…). */
export function AuthFormFooter({ children }: { children: ReactNode }) {
  return <p className={`cz-body2 cz-secondary-text ${styles.footer}`}>{children}</p>;
}
