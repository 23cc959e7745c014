import GroupAddIcon from '@mui/icons-material/GroupAdd';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { usePublicConfig } from '@/api/config/get-public-config';
import { SeedDisabledNotice } from './seed-disabled-notice';
import { SeedUsersButton } from './seed-users-button';
import { TabHeader, TabSpinner } from './tab-states';

/** The Seed Data tab: a card that opens the seed dialog, or why seeding is off. */
export function SeedDataTab() {
  const { config, isPending } = usePublicConfig();
  return (
    <Box>
      <TabHeader title="Seed Data" subtitle="Fill a development server with test data" />
      {isPending ? (
        <TabSpinner label="Loading server settings" />
      ) : (
        <Card variant="outlined" sx={{ maxWidth: 520, borderRadius: 3 }}>
          <CardContent>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 1.5 }}>
              <Box
                aria-hidden
                sx={{
                  width: 44,
                  height: 44,
                  borderRadius: 2,
                  display: 'grid',
                  placeItems: 'center',
                  bgcolor: 'action.hover',
                  color: 'primary.main',
                }}
              >
                <GroupAddIcon />
              </Box>
              <Typography variant="h6" component="h3">
                Test Users
              </Typography>
            </Box>
            <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
              Create up to 100 listener accounts at once, with random names and e-mail addresses.
            </Typography>
            {!config.seedUsersEnabled && <SeedDisabledNotice />}
          </CardContent>
          <CardActions sx={{ px: 2, pb: 2 }}>
            <SeedUsersButton />
          </CardActions>
        </Card>
      )}
    </Box>
  );
}
