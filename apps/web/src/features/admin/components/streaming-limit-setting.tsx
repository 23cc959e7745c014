import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  STREAMING_QUALITIES,
  STREAMING_QUALITY_LABELS,
  type StreamingQuality,
} from '@cadenza/contract/streaming-quality';
import { useToast } from '@/components/toast-context';
import { errorMessage } from '@/lib/api-client';
import { usePublicConfig } from '@/api/config/get-public-config';
import { useSiteSettings, useUpdateSiteSettings } from '@/api/admin/site-settings';

/** The label of a limit: Original is no limit at all. */
export function streamingLimitLabel(quality: StreamingQuality): string {
  return quality === 'original' ? 'No limit' : STREAMING_QUALITY_LABELS[quality];
}

/** The richest stream anyone gets, saved as soon as it is chosen. */
export function StreamingLimitSetting() {
  const toast = useToast();
  const settings = useSiteSettings();
  const update = useUpdateSiteSettings();
  const { config } = usePublicConfig();
  if (settings.isPending || settings.isError) return null;
  const limit =
    (update.isPending ? update.variables.streamingQualityLimit : undefined) ??
    settings.data.streamingQualityLimit;
  const choose = (streamingQualityLimit: StreamingQuality) =>
    update.mutate(
      { streamingQualityLimit },
      {
        onSuccess: () => toast.success('Streaming limit saved'),
        onError: (failure) => toast.error(errorMessage(failure, 'Failed to save the setting')),
      },
    );

  return (
    <Stack spacing={1.5} sx={{ maxWidth: 420 }}>
      <TextField
        select
        size="small"
        label="Highest streaming quality"
        value={limit}
        disabled={update.isPending}
        onChange={(event) => choose(event.target.value as StreamingQuality)}
      >
        {STREAMING_QUALITIES.map((quality) => (
          <MenuItem key={quality} value={quality}>
            {streamingLimitLabel(quality)}
          </MenuItem>
        ))}
      </TextField>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {config.transcoding
          ? 'Streams above it are made smaller for everyone, in the web player and in apps; an account can have a lower limit of its own (Users). Downloads stay the original files.'
          : 'This server has no ffmpeg: songs are sent as they are, whatever the limit.'}
      </Typography>
    </Stack>
  );
}
