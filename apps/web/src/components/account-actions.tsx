import DashboardIcon from '@mui/icons-material/Dashboard';
import LogoutIcon from '@mui/icons-material/Logout';
import Button from '@mui/material/Button';

/**
 * Dashboard and Logout for a logged-in visitor, else Sign up: the same in the bar and in the
 * drawer, where following a link also closes the drawer (`onNavigate`).
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
      <Button href="/signup" onClick={onNavigate} variant="contained">
        Sign up
      </Button>
    );
  return (
    <>
      <Button
        href={dashboardPath}
        onClick={onNavigate}
        variant="contained"
        startIcon={<DashboardIcon />}
      >
        Dashboard
      </Button>
      <Button onClick={onLogout} variant="outlined" color="inherit" startIcon={<LogoutIcon />}>
        Logout
      </Button>
    </>
  );
}
