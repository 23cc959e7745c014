import ImageIcon from '@mui/icons-material/Image';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { CoverImage, type DefaultImage } from '@/components/cover-image';

/**
 * The cover an admin form is about to save, square and with rounded corners; an image icon
 * stands in while there is none. `sx` sizes and places the frame.
 */
export function CoverPreview({
  src,
  fallback,
  iconSize,
  sx,
}: {
  src: string | null;
  fallback: DefaultImage;
  iconSize: number;
  sx: SxProps<Theme>;
}) {
  return (
    <Box
      sx={[
        { borderRadius: 3, overflow: 'hidden', bgcolor: 'action.hover' },
        // MUI: a caller's sx may be one style or a list of them.
        ...((Array.isArray(sx) ? sx : [sx]) as Extract<SxProps<Theme>, readonly unknown[]>),
      ]}
    >
      {src ? (
        <CoverImage src={src} alt="Cover preview" fallback={fallback} size={300} priority />
      ) : (
        <Box
          sx={{
            aspectRatio: '1 / 1',
            display: 'grid',
            placeItems: 'center',
            color: 'text.secondary',
          }}
        >
          <ImageIcon sx={{ fontSize: iconSize }} aria-hidden />
        </Box>
      )}
    </Box>
  );
}
