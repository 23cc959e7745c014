import ConstructionIcon from '@mui/icons-material/Construction';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { StatusPage } from './status-page';

export const UNDER_DEVELOPMENT_PROGRESS = 75;

export function UnderDevelopmentPage() {
  return (
    <StatusPage
      icon={<ConstructionIcon />}
      title="Under Development"
      description="We're working hard to bring this page to you. Please check back soon."
    >
      <title>Under Development · Cadenza</title>
      <Box sx={{ mb: 3, maxWidth: 360, mx: 'auto' }}>
        <LinearProgress
          variant="determinate"
          value={UNDER_DEVELOPMENT_PROGRESS}
          aria-label="Development progress"
          sx={{ height: 8, borderRadius: 4 }}
        />
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
          {UNDER_DEVELOPMENT_PROGRESS}% complete
        </Typography>
      </Box>
    </StatusPage>
  );
}
