import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  STREAMING_QUALITIES,
  STREAMING_QUALITY_LABELS,
  type StreamingQuality,
} from '@cadenza/contract/streaming-quality';
import { usePublicConfig } from '@/api/config/get-public-config';
import { usePlaybackSettings } from '@/lib/player/playback-settings';

function QualityField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: StreamingQuality;
  onChange: (quality: StreamingQuality) => void;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value as StreamingQuality)}
    >
      {STREAMING_QUALITIES.map((quality) => (
        <MenuItem key={quality} value={quality}>
          {STREAMING_QUALITY_LABELS[quality]}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * How rich the streams are: the files as they are, or smaller for a slow or metered network, and
 * separately for a cellular connection (where the browser reports one).
 */
export function StreamingQualitySection() {
  const settings = usePlaybackSettings((state) => state.settings);
  const update = usePlaybackSettings((state) => state.update);
  const { config } = usePublicConfig();

  return (
    <Stack spacing={2}>
      <QualityField
        label="Streaming quality"
        value={settings.streamingQuality}
        onChange={(streamingQuality) => update({ streamingQuality })}
      />
      <QualityField
        label="On a cellular connection"
        value={settings.cellularStreamingQuality}
        onChange={(cellularStreamingQuality) => update({ cellularStreamingQuality })}
      />
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {config.transcoding
          ? 'Songs above the chosen rate are sent smaller; those at or below it as they are. Downloads are always the original file.'
          : 'This server sends every song as it is: it has no ffmpeg to make smaller streams.'}
      </Typography>
    </Stack>
  );
}
