import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import {
  chooseTheme,
  isThemeChoice,
  THEME_CHOICES,
  useThemeChoice,
  type ThemeChoice,
} from '@/lib/theme-choice';
import { SettingsCard } from './settings-card';

const LABELS: Readonly<Record<ThemeChoice, string>> = {
  light: 'Light',
  dark: 'Dark',
  system: 'Follow the system',
};

/** Light, dark or the system's scheme: kept on this device, applied at once. */
export function AppearanceSection() {
  const choice = useThemeChoice();
  return (
    <SettingsCard
      title="Appearance"
      description="How Cadenza looks on this device. Follow the system to switch with your device's light and dark setting."
    >
      <RadioGroup
        aria-label="Theme"
        value={choice}
        onChange={(event) => {
          if (isThemeChoice(event.target.value)) chooseTheme(event.target.value);
        }}
      >
        {THEME_CHOICES.map((value) => (
          <FormControlLabel key={value} value={value} control={<Radio />} label={LABELS[value]} />
        ))}
      </RadioGroup>
    </SettingsCard>
  );
}
