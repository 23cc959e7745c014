import { Link } from 'react-router';
import section from './section.module.css';
import styles from './signup-cta.module.css';

export function SignupCta() {
  return (
    <section aria-labelledby="cta-heading" className={section.section}>
      <div className="cz-container cz-container-md">
        <div className={styles.box}>
          <h2 id="cta-heading" className={styles.title}>
            Ready to start listening?
          </h2>
          <p className={styles.text}>
            Create your free account in seconds. Premium features are free during early access.
          </p>
          <Link
            to="/signup"
            className={`cz-button cz-button-contained cz-button-large ${styles.action}`}
          >
            SIGN UP FREE
          </Link>
        </div>
      </div>
    </section>
  );
}
