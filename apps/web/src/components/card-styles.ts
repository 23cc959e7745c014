import type { SxProps, Theme } from '@mui/material/styles';
import { alpha } from '@mui/material/styles';

/** A card of a row or grid (a playlist, a mix): a faint surface that lights up under the pointer. */
export const cardSurfaceSx = {
  height: '100%',
  bgcolor: (theme: Theme) => alpha(theme.palette.common.white, 0.035),
  transition: 'background-color 160ms ease',
  '&:hover, &:focus-within': { bgcolor: (theme: Theme) => alpha(theme.palette.common.white, 0.08) },
} satisfies SxProps<Theme>;

/** The whole card as one button, its focus ring inside the card's corners. */
export const cardButtonSx = {
  display: 'block',
  width: '100%',
  height: '100%',
  textAlign: 'left',
  p: 1.5,
  borderRadius: 'inherit',
  '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
} satisfies SxProps<Theme>;
