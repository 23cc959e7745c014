import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { downQuery, useMediaQuery } from '@/lib/use-media-query';
import { Brand, PRODUCT_NAME } from './brand';
import styles from './footer.module.css';
import { PlainIcon, type PlainIconName } from './plain-icons';

const exploreLinks = [
  { label: 'Home', href: '/' },
  { label: 'Discover', href: '/discover' },
  { label: 'Feedback', href: '/feedback' },
];

const socialLinks: { label: string; href: string; icon: PlainIconName }[] = [
  { label: 'GitHub', href: 'https://github.com', icon: 'gitHub' },
  { label: 'X', href: 'https://x.com', icon: 'x' },
  { label: 'Instagram', href: 'https://instagram.com', icon: 'instagram' },
];

/** A titled block of links; on small screens the title toggles it open and shut. */
function FooterSection({
  title,
  collapsible,
  children,
}: {
  title: string;
  collapsible: boolean;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const contentId = useId();

  if (!collapsible) {
    return (
      <section aria-label={title}>
        <h2 className={`cz-overline ${styles.title}`}>{title}</h2>
        <div className={styles.body}>{children}</div>
      </section>
    );
  }

  return (
    <section aria-label={title} className={`${styles.collapsible} ${open ? styles.open : ''}`}>
      <h2 className={`cz-overline ${styles.title}`}>
        <button
          type="button"
          className={styles.toggle}
          onClick={() => setOpen((value) => !value)}
          aria-expanded={open}
          aria-controls={contentId}
        >
          {title}
          <PlainIcon name="expandMore" className={styles.chevron} />
        </button>
      </h2>
      <div id={contentId} hidden={!open} className={styles.panel}>
        {children}
      </div>
    </section>
  );
}

function LinkList({ links }: { links: { label: string; href: string }[] }) {
  return (
    <ul className={styles.links}>
      {links.map((link) => (
        <li key={link.href}>
          <Link to={link.href} className="cz-link-quiet">
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Plain CSS (footer.module.css, styles/base.css): every page paints its footer without MUI. */
export function Footer() {
  const isSmall = useMediaQuery(downQuery('sm'));

  return (
    <footer className={styles.footer}>
      <div className={`cz-container cz-container-lg ${styles.inner}`}>
        <div className={styles.grid}>
          <div className={styles.about}>
            <Brand />
            <p className={`cz-body2 cz-secondary-text ${styles.tagline}`}>
              Stream the music you love, build playlists for every mood and listen anywhere.
            </p>
          </div>
          <div className={styles.column}>
            <FooterSection title="Explore" collapsible={isSmall}>
              <LinkList links={exploreLinks} />
            </FooterSection>
          </div>
          <div className={styles.column}>
            <FooterSection title="Need Help?" collapsible={isSmall}>
              <p className={`cz-body2 cz-secondary-text ${styles.help}`}>
                Questions about your account or the app?
              </p>
              <Link to="/contact" className="cz-link">
                Contact Us
              </Link>
            </FooterSection>
          </div>
          <div className={styles.column}>
            <FooterSection title="Follow Us" collapsible={isSmall}>
              <div className={styles.socials}>
                {socialLinks.map((social) => (
                  <a
                    key={social.label}
                    href={social.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`${PRODUCT_NAME} on ${social.label}`}
                    className={`cz-icon-button ${styles.social}`}
                  >
                    <PlainIcon name={social.icon} />
                  </a>
                ))}
              </div>
            </FooterSection>
          </div>
        </div>

        <hr className={styles.rule} />

        <div className={styles.bottom}>
          <p className="cz-body2 cz-secondary-text">© 2025 {PRODUCT_NAME}. All rights reserved.</p>
          <nav aria-label="Legal" className={styles.legal}>
            <Link to="/privacy-policy" className="cz-body2 cz-link-quiet">
              Privacy Policy
            </Link>
            <Link to="/terms-of-service" className="cz-body2 cz-link-quiet">
              Terms of Use
            </Link>
          </nav>
        </div>
      </div>
    </footer>
  );
}
