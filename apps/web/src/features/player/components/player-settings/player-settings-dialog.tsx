import CloseIcon from '@mui/icons-material/Close';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ReactNode } from 'react';
import {
  CROSSFADE_MAX_SECONDS,
  usePlaybackSettings,
  type ReplayGainMode,
} from '@/lib/player/playback-settings';
import { EqualiserSection } from './equaliser-section';
import { StreamingQualitySection } from './streaming-quality-section';
import { crossfadeText, decibelText } from './setting-texts';

const REPLAY_GAIN_MODES: readonly { value: ReplayGainMode; label: string }[] = [
  { value: 'off', label: 'Off' },
  { value: 'track', label: 'Track' },
  { value: 'album', label: 'Album' },
  { value: 'auto', label: 'Auto' },
];

/** The most ReplayGain's pre-amp and fallback move a song, in dB (as the server checks). */
const GAIN_LIMIT_DB = 15;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Stack component="section" aria-labelledby={id} spacing={1.5}>
      <Typography id={id} variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

function LabelledSlider({
  label,
  value,
  min,
  max,
  step,
  text,
  disabled = false,
  onChange,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  text: (value: number) => string;
  disabled?: boolean;
  onChange: (value: number) => void;
}) {
  return (
    <Stack spacing={0.5}>
      <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
        <Typography variant="body2" color={disabled ? 'text.disabled' : 'text.primary'}>
          {label}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }} aria-hidden>
          {text(value)}
        </Typography>
      </Stack>
      <Slider
        aria-label={label}
        size="small"
        min={min}
        max={max}
        step={step}
        value={value}
        disabled={disabled}
        getAriaValueText={text}
        onChange={(_, next) => onChange(next)}
        sx={{ mx: 1, width: 'auto' }}
      />
    </Stack>
  );
}

/**
 * How songs sound, for the signed-in listener in every browser (the settings follow the account):
 * crossfade, ReplayGain, the equaliser with presets, and how rich the streams are.
 */
export function PlayerSettingsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const settings = usePlaybackSettings((state) => state.settings);
  const update = usePlaybackSettings((state) => state.update);
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const replayGainOff = settings.replayGainMode === 'off';

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={isPhone}
      fullWidth
      maxWidth="sm"
      aria-labelledby="player-settings-title"
    >
      <DialogTitle id="player-settings-title" sx={{ pr: 7 }}>
        Player settings
        <IconButton
          aria-label="Close"
          onClick={onClose}
          sx={{ position: 'absolute', right: 12, top: 12 }}
        >
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>
        <Stack spacing={3} divider={<Divider flexItem />}>
          <Section id="crossfade-title" title="Crossfade">
            <LabelledSlider
              label="Crossfade"
              value={settings.crossfadeSeconds}
              min={0}
              max={CROSSFADE_MAX_SECONDS}
              step={1}
              text={crossfadeText}
              onChange={(crossfadeSeconds) => update({ crossfadeSeconds })}
            />
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              Songs of one album played in order stay gapless.
            </Typography>
          </Section>

          <Section id="replay-gain-title" title="ReplayGain">
            <ToggleButtonGroup
              exclusive
              size="small"
              aria-label="ReplayGain mode"
              value={settings.replayGainMode}
              onChange={(_, mode: ReplayGainMode | null) => {
                if (mode) update({ replayGainMode: mode });
              }}
            >
              {REPLAY_GAIN_MODES.map((mode) => (
                <ToggleButton key={mode.value} value={mode.value} sx={{ px: 2 }}>
                  {mode.label}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
            <LabelledSlider
              label="Pre-amp"
              value={settings.replayGainPreamp}
              min={-GAIN_LIMIT_DB}
              max={GAIN_LIMIT_DB}
              step={0.5}
              text={decibelText}
              disabled={replayGainOff}
              onChange={(replayGainPreamp) => update({ replayGainPreamp })}
            />
            <LabelledSlider
              label="Songs without ReplayGain"
              value={settings.replayGainFallback}
              min={-GAIN_LIMIT_DB}
              max={GAIN_LIMIT_DB}
              step={0.5}
              text={decibelText}
              disabled={replayGainOff}
              onChange={(replayGainFallback) => update({ replayGainFallback })}
            />
            <FormControlLabel
              disabled={replayGainOff}
              control={
                <Switch
                  checked={settings.preventClipping}
                  onChange={(event) => update({ preventClipping: event.target.checked })}
                />
              }
              label="Prevent clipping"
            />
          </Section>

          <Section id="equaliser-title" title="Equaliser">
            <EqualiserSection />
          </Section>

          <Section id="streaming-title" title="Streaming">
            <StreamingQualitySection />
          </Section>
        </Stack>
      </DialogContent>
    </Dialog>
  );
}
