import Paper from '@mui/material/Paper';
import { AppsSection } from '@/components/app-keys/apps-section';

/** The keys phone and desktop apps sign in with: the same list the dashboard's Apps tab shows. */
export function AppKeysSection({ email }: { email: string }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, borderRadius: 3 }}>
      <AppsSection email={email} />
    </Paper>
  );
}
