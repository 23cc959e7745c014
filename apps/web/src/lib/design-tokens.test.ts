import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { themeFor } from '@/app/theme';
import { designTokensStylesheet, palettes, tokens } from './design-tokens';

const stylesheet = document.createElement('style');
beforeAll(() => {
  stylesheet.textContent = designTokensStylesheet();
  document.head.append(stylesheet);
});
afterAll(() => stylesheet.remove());

describe.each(['dark', 'light'] as const)('the %s design tokens', (mode) => {
  const colours = palettes[mode];

  it('are what the MUI theme is built from', () => {
    const theme = themeFor(mode);
    expect(theme.palette.primary.main).toBe(colours.primary);
    expect(theme.palette.secondary.main).toBe(colours.secondary);
    expect(theme.palette.background.default).toBe(colours.background);
    expect(theme.palette.background.paper).toBe(colours.paper);
    expect(theme.palette.text.primary).toBe(colours.textPrimary);
    expect(theme.palette.text.secondary).toBe(colours.textSecondary);
    expect(theme.shape.borderRadius).toBe(tokens.radius);
    expect(theme.typography.fontFamily).toBe(tokens.fontFamily);
  });

  it('are the stylesheet’s custom properties, with the browser’s scheme, once the root is marked', () => {
    const root = document.documentElement;
    if (mode === 'light') root.dataset.theme = 'light';
    const style = getComputedStyle(root);
    expect(style.getPropertyValue('--cz-primary')).toBe(colours.primary);
    expect(style.getPropertyValue('--cz-background')).toBe(colours.background);
    expect(style.getPropertyValue('--cz-radius')).toBe('12px');
    expect(style.getPropertyValue('--cz-font-family')).toBe(tokens.fontFamily);
    expect(style.getPropertyValue('color-scheme')).toBe(mode);
    delete root.dataset.theme;
  });
});

it('gives both modes the same tokens', () => {
  expect(Object.keys(palettes.light).sort()).toEqual(Object.keys(palettes.dark).sort());
});
