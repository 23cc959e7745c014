import { Link } from 'react-router';
import { PlainIcon } from './plain-icons';

/**
 * Dashboard and Logout for a logged-in visitor, else Sign up: the same in the bar and in the
 * drawer, where following a link also closes the drawer (`onNavigate`). Plain CSS (styles/base.css):
 * the header paints without MUI.
 */
export function AccountActions({
  isLoggedIn,
  dashboardPath,
  onLogout,
  onNavigate,
}: {
  isLoggedIn: boolean;
  dashboardPath: string;
  onLogout: () => void;
  onNavigate?: () => void;
}) {
  if (!isLoggedIn)
    return (
      <Link to="/signup" onClick={onNavigate} className="cz-button cz-button-contained">
        Sign up
      </Link>
    );
  return (
    <>
      <Link to={dashboardPath} onClick={onNavigate} className="cz-button cz-button-contained">
        <span className="cz-button-start-icon">
          <PlainIcon name="dashboard" size="1.25rem" />
        </span>
        Dashboard
      </Link>
      <button type="button" onClick={onLogout} className="cz-button cz-button-outlined">
        <span className="cz-button-start-icon">
          <PlainIcon name="logout" size="1.25rem" />
        </span>
        Logout
      </button>
    </>
  );
}
