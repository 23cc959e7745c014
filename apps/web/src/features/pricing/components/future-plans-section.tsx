import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

export type BillingPeriod = 'monthly' | 'yearly';

interface Plan {
  name: string;
  description: string;
  /** Per month, billed yearly / billed monthly. */
  prices: Record<BillingPeriod, number>;
  savings: string | null;
  features: { label: string; included: boolean }[];
  highlighted?: boolean;
}

/** docs/product.md §9: display only, shown as coming soon. */
export const PLANS: Plan[] = [
  {
    name: 'Free',
    description: 'Listen for free, with ads.',
    prices: { yearly: 0, monthly: 0 },
    savings: null,
    features: [
      { label: 'Access to 100 songs', included: true },
      { label: 'Ad-supported listening', included: true },
      { label: 'Standard audio quality', included: true },
      { label: 'Up to 5 playlists', included: true },
      { label: '6 skips per hour', included: true },
      { label: 'Offline listening', included: false },
    ],
  },
  {
    name: 'Premium',
    description: 'Ad-free music, anywhere.',
    prices: { yearly: 9.99, monthly: 12.99 },
    savings: '23% savings',
    highlighted: true,
    features: [
      { label: 'Ad-free listening', included: true },
      { label: 'High quality audio (320kbps)', included: true },
      { label: 'Unlimited playlists', included: true },
      { label: 'Offline listening', included: true },
      { label: 'Song lyrics', included: true },
      { label: 'Listen across devices', included: true },
    ],
  },
  {
    name: 'Family',
    description: 'Premium for the whole household.',
    prices: { yearly: 14.99, monthly: 19.99 },
    savings: '25% savings',
    features: [
      { label: 'All Premium features', included: true },
      { label: 'Up to 6 accounts', included: true },
      { label: 'For family members at the same address', included: true },
      { label: 'Individual playlists and recommendations', included: true },
    ],
  },
];

export const YEARLY_CHIP = 'Save 20-25%';

const money = (amount: number) => `$${amount.toFixed(2)}`;

/** The future paid plans with a monthly/yearly toggle (yearly by default). */
export function FuturePlansSection() {
  const [period, setPeriod] = useState<BillingPeriod>('yearly');

  return (
    <Box component="section" aria-labelledby="future-plans-heading" sx={{ mt: { xs: 8, md: 12 } }}>
      <Box sx={{ textAlign: 'center', mb: 4 }}>
        <Typography id="future-plans-heading" variant="h4" component="h2">
          Future Plans
        </Typography>
        <Typography sx={{ color: 'text.secondary', mt: 1 }}>
          What Cadenza will cost after early access. Coming soon.
        </Typography>
        <Box
          sx={{
            mt: 3,
            display: 'inline-flex',
            alignItems: 'center',
            gap: 1.5,
            flexWrap: 'wrap',
            justifyContent: 'center',
          }}
        >
          <ToggleButtonGroup
            exclusive
            value={period}
            onChange={(_, value: BillingPeriod | null) => value && setPeriod(value)}
            aria-label="Billing period"
            size="small"
          >
            <ToggleButton value="monthly" sx={{ px: 2.5 }}>
              Monthly
            </ToggleButton>
            <ToggleButton value="yearly" sx={{ px: 2.5 }}>
              Yearly
            </ToggleButton>
          </ToggleButtonGroup>
          <Chip label={YEARLY_CHIP} color="secondary" size="small" />
        </Box>
      </Box>

      <Grid container spacing={3} sx={{ alignItems: 'stretch' }}>
        {PLANS.map((plan) => {
          const price = plan.prices[period];
          return (
            <Grid key={plan.name} size={{ xs: 12, md: 4 }}>
              <Paper
                component="article"
                aria-label={`${plan.name} plan`}
                variant="outlined"
                sx={{
                  p: 3.5,
                  height: '100%',
                  borderRadius: 2,
                  display: 'flex',
                  flexDirection: 'column',
                  borderColor: plan.highlighted ? 'primary.main' : 'divider',
                  borderWidth: plan.highlighted ? 2 : 1,
                }}
              >
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                  <Typography variant="h5" component="h3">
                    {plan.name}
                  </Typography>
                  {period === 'yearly' && plan.savings && (
                    <Chip label={plan.savings} color="success" size="small" variant="outlined" />
                  )}
                </Box>
                <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
                  {plan.description}
                </Typography>
                <Box sx={{ mt: 2.5, display: 'flex', alignItems: 'baseline', gap: 0.5 }}>
                  <Typography component="span" sx={{ fontSize: '2.5rem', fontWeight: 800 }}>
                    {money(price)}
                  </Typography>
                  <Typography component="span" sx={{ color: 'text.secondary' }}>
                    /month
                  </Typography>
                </Box>
                <Typography variant="body2" sx={{ color: 'text.secondary', minHeight: 20 }}>
                  {period === 'yearly' && price > 0
                    ? `Billed annually at ${money(price * 12)}`
                    : period === 'monthly' && price > 0
                      ? 'Billed monthly'
                      : 'Free forever'}
                </Typography>
                <List dense sx={{ mt: 2, flex: 1 }}>
                  {plan.features.map((feature) => (
                    <ListItem key={feature.label} disableGutters>
                      <ListItemIcon sx={{ minWidth: 32 }}>
                        {feature.included ? (
                          <CheckIcon fontSize="small" color="success" titleAccess="Included" />
                        ) : (
                          <CloseIcon fontSize="small" color="disabled" titleAccess="Not included" />
                        )}
                      </ListItemIcon>
                      <ListItemText primary={feature.label} />
                    </ListItem>
                  ))}
                </List>
                <Button
                  variant={plan.highlighted ? 'contained' : 'outlined'}
                  disabled
                  sx={{ mt: 2 }}
                >
                  Coming Soon
                </Button>
              </Paper>
            </Grid>
          );
        })}
      </Grid>
    </Box>
  );
}
