import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';

const { palette } = theme;

describe('theme', () => {
  it.each(['primary', 'secondary', 'error', 'warning', 'info', 'success'] as const)(
    'gives %s buttons text of at least 4.5:1 (WCAG AA)',
    (name) => {
      const { main, contrastText } = palette[name];
      expect(getContrastRatio(main, contrastText)).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('keeps error text and outlines readable on the page and on paper', () => {
    expect(getContrastRatio(palette.error.main, palette.background.default)).toBeGreaterThanOrEqual(
      4.5,
    );
    expect(getContrastRatio(palette.error.main, palette.background.paper)).toBeGreaterThanOrEqual(
      4.5,
    );
  });

  it('underlines links, so that a link in text is not told apart by colour alone', () => {
    expect(theme.components?.MuiLink?.defaultProps?.underline).toBe('always');
  });

  it('renders subtitles as text, not as sixth-level headings', () => {
    const mapping = theme.components?.MuiTypography?.defaultProps?.variantMapping;
    expect(mapping?.subtitle1).toBe('p');
    expect(mapping?.subtitle2).toBe('p');
  });
});
