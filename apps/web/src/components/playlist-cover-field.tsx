import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import {
  CoverImageCaption,
  CoverImageInput,
  type useCoverImageChoice,
} from '@/components/cover-image-input';

/**
 * A playlist form's cover: a square preview of the chosen file (or of the cover it has now) and
 * the button to choose one; with `onRemove`, a button to drop the current cover as well.
 */
export function PlaylistCoverField({
  cover,
  current = null,
  onRemove,
}: {
  cover: ReturnType<typeof useCoverImageChoice>;
  /** The uploaded cover the playlist has now, unless it is being removed. */
  current?: string | null;
  onRemove?: () => void;
}) {
  const preview = cover.choice?.previewUrl ?? current;
  const chosen = cover.choice !== null;
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      <Box
        sx={{
          width: 96,
          height: 96,
          flexShrink: 0,
          borderRadius: 2,
          overflow: 'hidden',
          bgcolor: 'action.hover',
          display: 'grid',
          placeItems: 'center',
          color: 'text.secondary',
        }}
      >
        {preview ? (
          <Box
            component="img"
            src={preview}
            alt="Cover preview"
            sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
          />
        ) : (
          <AddPhotoAlternateIcon fontSize="large" aria-hidden />
        )}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <CoverImageInput onChange={cover.handleChange}>
            {preview ? 'Change Cover Image' : 'Upload Cover Image'}
          </CoverImageInput>
          {onRemove && (chosen || current) && (
            <Button size="small" color="inherit" onClick={onRemove}>
              Remove Cover
            </Button>
          )}
        </Stack>
        <CoverImageCaption cover={cover} variant="body2" noWrap sx={{ mt: 0.75 }} />
      </Box>
    </Stack>
  );
}
