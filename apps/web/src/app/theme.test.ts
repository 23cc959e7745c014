import { decomposeColor, getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { themeFor } from './theme';

/** `overlay` (rgba) painted over the opaque `surface`, as the browser composes them. */
function blend(surface: string, overlay: string): string {
  const under = decomposeColor(surface).values;
  const [r, g, b, a = 1] = decomposeColor(overlay).values;
  const mixed = [r, g, b].map((value, i) => Math.round(value * a + (under[i] ?? 0) * (1 - a)));
  return `rgb(${mixed.join(', ')})`;
}

describe.each(['dark', 'light'] as const)('the %s theme', (mode) => {
  const theme = themeFor(mode);
  const { palette } = theme;
  const surfaces = [palette.background.default, palette.background.paper];

  it('is the mode it was asked for', () => {
    expect(palette.mode).toBe(mode);
  });

  it.each(['primary', 'secondary', 'error', 'warning', 'info', 'success'] as const)(
    'gives %s buttons text of at least 4.5:1 (WCAG AA)',
    (name) => {
      const { main, contrastText } = palette[name];
      expect(getContrastRatio(main, contrastText)).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('keeps text, links and error text readable on the page and on paper', () => {
    for (const surface of surfaces) {
      expect(getContrastRatio(palette.text.primary, surface)).toBeGreaterThanOrEqual(7);
      expect(getContrastRatio(palette.text.secondary, surface)).toBeGreaterThanOrEqual(4.5);
      expect(getContrastRatio(palette.primary.main, surface)).toBeGreaterThanOrEqual(4.5);
      expect(getContrastRatio(palette.error.main, surface)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('keeps the current song and the active entry readable on a selected row', () => {
    const selected = blend(palette.background.paper, palette.action.selected);
    expect(getContrastRatio(palette.primary.light, selected)).toBeGreaterThanOrEqual(4.5);
    expect(
      getContrastRatio(palette.primary.light, palette.background.default),
    ).toBeGreaterThanOrEqual(4.5);
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

it('makes each theme once', () => {
  expect(themeFor('light')).toBe(themeFor('light'));
  expect(themeFor('dark')).not.toBe(themeFor('light'));
});
