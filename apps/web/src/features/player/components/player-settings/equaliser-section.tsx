import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MAX_OWN_PRESETS, MAX_PRESET_NAME_LENGTH } from '@cadenza/contract/limits';
import { useState, type FormEvent } from 'react';
import {
  BUILT_IN_PRESETS,
  EQUALISER_BANDS,
  EQUALISER_LIMIT_DB,
  usePlaybackSettings,
} from '@/lib/player/playback-settings';
import { bandLabel, decibelText } from './setting-texts';

/** The preset whose gains are the current ones, if any. */
function matchingPreset(
  gains: readonly number[],
  presets: readonly { name: string; gains: number[] }[],
) {
  return presets.find((preset) => preset.gains.every((gain, index) => gain === gains[index]));
}

const CUSTOM = '';

/** The equaliser: on or off, ten bands, the built-in presets and the listener's own. */
export function EqualiserSection() {
  const settings = usePlaybackSettings((state) => state.settings);
  const update = usePlaybackSettings((state) => state.update);
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);

  const presets = [...BUILT_IN_PRESETS, ...settings.customPresets];
  const chosen = matchingPreset(settings.equaliserGains, presets)?.name ?? CUSTOM;
  const own = settings.customPresets;

  const choosePreset = (presetName: string) => {
    const preset = presets.find((candidate) => candidate.name === presetName);
    if (preset) update({ equaliserGains: [...preset.gains], equaliserEnabled: true });
  };

  const setBand = (index: number, gain: number) => {
    const gains = [...settings.equaliserGains];
    gains[index] = gain;
    update({ equaliserGains: gains });
  };

  const savePreset = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setNameError('Name the preset');
    if (presets.some((preset) => preset.name.toLowerCase() === trimmed.toLowerCase())) {
      return setNameError('A preset with this name exists');
    }
    update({
      customPresets: [...own, { name: trimmed, gains: [...settings.equaliserGains] }],
    });
    setNaming(false);
    setName('');
    setNameError(null);
  };

  return (
    <Stack spacing={2}>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}
      >
        <FormControlLabel
          control={
            <Switch
              checked={settings.equaliserEnabled}
              onChange={(event) => update({ equaliserEnabled: event.target.checked })}
            />
          }
          label="Equaliser"
        />
        <TextField
          select
          size="small"
          label="Preset"
          value={chosen}
          onChange={(event) => choosePreset(event.target.value)}
          slotProps={{
            inputLabel: { shrink: true },
            select: {
              displayEmpty: true,
              renderValue: (value) => (value === CUSTOM ? 'Custom' : String(value)),
            },
          }}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value={CUSTOM} disabled>
            Custom
          </MenuItem>
          {presets.map((preset) => (
            <MenuItem key={preset.name} value={preset.name}>
              {preset.name}
            </MenuItem>
          ))}
        </TextField>
      </Stack>

      <Box
        role="group"
        aria-label="Equaliser bands"
        sx={{
          display: 'grid',
          gridTemplateColumns: `repeat(${EQUALISER_BANDS.length}, minmax(0, 1fr))`,
          justifyItems: 'center',
          opacity: settings.equaliserEnabled ? 1 : 0.6,
        }}
      >
        {EQUALISER_BANDS.map((band, index) => (
          <Stack key={band} spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {formatGain(settings.equaliserGains[index] ?? 0)}
            </Typography>
            <Slider
              orientation="vertical"
              size="small"
              aria-label={bandLabel(band)}
              min={-EQUALISER_LIMIT_DB}
              max={EQUALISER_LIMIT_DB}
              step={0.5}
              value={settings.equaliserGains[index] ?? 0}
              getAriaValueText={decibelText}
              onChange={(_, value) => setBand(index, value)}
              sx={{ height: 140 }}
            />
            <Typography variant="caption" sx={{ whiteSpace: 'nowrap' }}>
              {shortBand(band)}
            </Typography>
          </Stack>
        ))}
      </Box>

      {naming ? (
        <Stack
          component="form"
          direction="row"
          spacing={1}
          onSubmit={savePreset}
          sx={{ alignItems: 'flex-start' }}
        >
          <TextField
            size="small"
            label="Preset name"
            value={name}
            autoFocus
            error={nameError !== null}
            helperText={nameError ?? ' '}
            onChange={(event) => {
              setName(event.target.value);
              setNameError(null);
            }}
            slotProps={{ htmlInput: { maxLength: MAX_PRESET_NAME_LENGTH } }}
            sx={{ flex: 1 }}
          />
          <Button type="submit" variant="contained">
            Save
          </Button>
          <Button onClick={() => setNaming(false)}>Cancel</Button>
        </Stack>
      ) : (
        <Box>
          <Button
            variant="outlined"
            size="small"
            disabled={own.length >= MAX_OWN_PRESETS}
            onClick={() => setNaming(true)}
          >
            Save as preset
          </Button>
        </Box>
      )}

      {own.length > 0 && (
        <Box>
          <Typography variant="subtitle2" component="h3" id="own-presets-title">
            Your presets
          </Typography>
          <Stack
            component="ul"
            aria-labelledby="own-presets-title"
            direction="row"
            sx={{ flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0, mt: 1 }}
          >
            {own.map((preset) => (
              <Stack
                component="li"
                key={preset.name}
                direction="row"
                sx={{
                  alignItems: 'center',
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 4,
                  pl: 1.5,
                }}
              >
                <Button size="small" onClick={() => choosePreset(preset.name)} sx={{ minWidth: 0 }}>
                  {preset.name}
                </Button>
                <IconButton
                  size="small"
                  aria-label={`Delete preset ${preset.name}`}
                  onClick={() =>
                    update({ customPresets: own.filter((other) => other.name !== preset.name) })
                  }
                >
                  <DeleteOutlineIcon fontSize="small" />
                </IconButton>
              </Stack>
            ))}
          </Stack>
        </Box>
      )}
    </Stack>
  );
}

function formatGain(gain: number): string {
  return gain > 0 ? `+${gain}` : String(gain);
}

function shortBand(hz: number): string {
  return hz >= 1000 ? `${hz / 1000}k` : String(hz);
}
