import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { RegistrationMode } from '@cadenza/contract/site-settings';
import { useToast } from '@/components/toast-context';
import { errorMessage } from '@/lib/api-client';
import { useSiteSettings, useUpdateSiteSettings } from '@/api/admin/site-settings';
import { InvitationsPanel } from './invitations-panel';
import { LastFmSettingsPanel } from './lastfm-settings';
import { StreamingLimitSetting } from './streaming-limit-setting';
import { LoadError, TabSpinner } from './tab-states';

const REGISTRATION_CHOICES: readonly { value: RegistrationMode; label: string; help: string }[] = [
  { value: 'open', label: 'Open', help: 'Anyone who reaches the server can sign up.' },
  {
    value: 'invite',
    label: 'By invitation',
    help: 'Only people with an invitation link can sign up.',
  },
  {
    value: 'closed',
    label: 'Closed',
    help: 'Nobody can sign up; invitation links you make still work.',
  },
];

/** Who may sign up, saved as soon as it is chosen. */
function RegistrationSetting() {
  const toast = useToast();
  const settings = useSiteSettings();
  const update = useUpdateSiteSettings();
  if (settings.isPending) return <TabSpinner label="Loading settings" />;
  if (settings.isError) {
    return <LoadError error={settings.error} fallback="Failed to load settings" />;
  }
  const choose = (registration: RegistrationMode) =>
    update.mutate(
      { registration },
      {
        onSuccess: () => toast.success('Registration setting saved'),
        onError: (failure) => toast.error(errorMessage(failure, 'Failed to save the setting')),
      },
    );

  return (
    <RadioGroup
      aria-labelledby="registration-heading"
      value={
        (update.isPending ? update.variables.registration : undefined) ?? settings.data.registration
      }
      onChange={(_event, value) => choose(value as RegistrationMode)}
    >
      {REGISTRATION_CHOICES.map((choice) => (
        <FormControlLabel
          key={choice.value}
          value={choice.value}
          disabled={update.isPending}
          control={<Radio />}
          label={
            <Box sx={{ py: 0.5 }}>
              <Typography variant="body1">{choice.label}</Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {choice.help}
              </Typography>
            </Box>
          }
        />
      ))}
    </RadioGroup>
  );
}

/** Whether administrators must use two-factor sign-in, saved as soon as it is switched. */
function AdminSecondFactorSetting() {
  const toast = useToast();
  const settings = useSiteSettings();
  const update = useUpdateSiteSettings();
  if (settings.isPending || settings.isError) return null;
  const required =
    (update.isPending ? update.variables.adminSecondFactorRequired : undefined) ??
    settings.data.adminSecondFactorRequired;
  return (
    <FormControlLabel
      disabled={update.isPending}
      control={
        <Switch
          checked={required}
          onChange={(_event, checked) =>
            update.mutate(
              { adminSecondFactorRequired: checked },
              {
                onSuccess: () => toast.success('Two-factor setting saved'),
                onError: (failure) =>
                  toast.error(errorMessage(failure, 'Failed to save the setting')),
              },
            )
          }
        />
      }
      label={
        <Box sx={{ py: 0.5 }}>
          <Typography variant="body1">Require two-factor sign-in for administrators</Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            The admin area asks an administrator without it to turn it on in their account settings
            first.
          </Typography>
        </Box>
      }
    />
  );
}

/** The Settings tab: who may sign up, how they sign in, how rich streams are, the invitations. */
export function SettingsTab() {
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id="registration-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
          Registration
        </Typography>
        <RegistrationSetting />
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          Sign-in
        </Typography>
        <AdminSecondFactorSetting />
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          Streaming
        </Typography>
        <StreamingLimitSetting />
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <LastFmSettingsPanel />
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <InvitationsPanel />
      </Paper>
    </Box>
  );
}
