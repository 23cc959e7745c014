import { Suspense, useState } from 'react';
import { NavLink } from 'react-router';
import { dashboardPathFor, selectIsLoggedIn, useAuthStore } from '@/lib/auth-store';
import { ASSISTANT_SLOT_ID } from '@/lib/header-slots';
import { capitalize } from '@/lib/format';
import { downQuery, useMediaQuery } from '@/lib/use-media-query';
import { useHydrated } from '@/lib/use-hydrated';
import { useLogout } from '@/api/auth/logout';
import { AccountActions } from './account-actions';
import { Brand } from './brand';
import { OfflineBanner } from './offline-banner';
import styles from './header.module.css';
import { lazyMuiComponent } from './lazy-mui-component';
import { PlainIcon } from './plain-icons';

/** The drawer is not needed to paint a page: its code loads when the menu button is approached. */
export const menuDrawer = lazyMuiComponent(() =>
  import('./header-menu-drawer').then((m) => m.HeaderMenuDrawer),
);

// Pointing at or tabbing to the menu button fetches the drawer's code, mostly before the click.
const preloadDrawer = () => void menuDrawer.preload().catch(() => undefined);

/** docs/product.md §2: the header builds its links from these lower-case names. */
const NAV_NAMES = ['home', 'discover'] as const;

const navItems = NAV_NAMES.map((name) => ({
  label: capitalize(name),
  to: name === 'home' ? '/' : `/${name}`,
}));

/** Plain CSS (header.module.css, styles/base.css): every page paints its header without MUI. */
export function Header() {
  const isLoggedIn = useAuthStore(selectIsLoggedIn);
  const user = useAuthStore((state) => state.user);
  const logout = useLogout();
  const isSmall = useMediaQuery(downQuery('md'));
  // The page rendered at build time fits every viewport: it holds both the links and the menu
  // button, and the stylesheet shows the one for the screen until the browser knows its width.
  const hydrated = useHydrated();
  const showLinks = !hydrated || !isSmall;
  const showMenuButton = !hydrated || isSmall;
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerEverOpened, setDrawerEverOpened] = useState(false);
  const dashboardPath = dashboardPathFor(user);

  const handleLogout = () => {
    setDrawerOpen(false);
    void logout();
  };
  const closeDrawer = () => setDrawerOpen(false);
  const openDrawer = () => {
    setDrawerEverOpened(true);
    setDrawerOpen(true);
  };

  return (
    <header className={styles.bar}>
      <div className={styles.toolbar}>
        <Brand />

        {showLinks && (
          <nav aria-label="Main" className={`${styles.nav} ${styles.wideOnly}`}>
            {navItems.map((item) => (
              <NavLink key={item.to} to={item.to} end className={`cz-button ${styles.navLink}`}>
                {item.label}
              </NavLink>
            ))}
          </nav>
        )}

        <div className={styles.spacer} />

        {showLinks && (
          <div className={`${styles.actions} ${styles.wideOnly}`}>
            <AccountActions
              isLoggedIn={isLoggedIn}
              dashboardPath={dashboardPath}
              onLogout={handleLogout}
            />
          </div>
        )}

        {/* The help chat's button is drawn here once it arrives (lib/header-slots). */}
        <div id={ASSISTANT_SLOT_ID} className={styles.assistantSlot} />

        {showMenuButton && (
          <button
            type="button"
            className={`cz-icon-button ${styles.menuButton} ${styles.narrowOnly}`}
            aria-label="Open menu"
            aria-controls={drawerOpen ? 'main-menu-drawer' : undefined}
            aria-expanded={drawerOpen}
            onClick={openDrawer}
            onPointerEnter={preloadDrawer}
            onFocus={preloadDrawer}
          >
            <PlainIcon name="menu" />
          </button>
        )}
      </div>
      <OfflineBanner />

      {drawerEverOpened && (
        <Suspense fallback={null}>
          <menuDrawer.Component
            open={isSmall && drawerOpen}
            navItems={navItems}
            isLoggedIn={isLoggedIn}
            dashboardPath={dashboardPath}
            onLogout={handleLogout}
            closeDrawer={closeDrawer}
          />
        </Suspense>
      )}
    </header>
  );
}
