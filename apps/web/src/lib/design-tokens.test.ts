import { describe, expect, it } from 'vitest';
import { theme } from '@/app/theme';
import { applyDesignTokens, tokens } from './design-tokens';

describe('design tokens', () => {
  it('are what the MUI theme is built from', () => {
    expect(theme.palette.primary.main).toBe(tokens.primary);
    expect(theme.palette.secondary.main).toBe(tokens.secondary);
    expect(theme.palette.background.default).toBe(tokens.background);
    expect(theme.palette.background.paper).toBe(tokens.paper);
    expect(theme.palette.text.primary).toBe(tokens.textPrimary);
    expect(theme.palette.text.secondary).toBe(tokens.textSecondary);
    expect(theme.shape.borderRadius).toBe(tokens.radius);
    expect(theme.typography.fontFamily).toBe(tokens.fontFamily);
  });

  it('are written as custom properties for the stylesheets', () => {
    const root = document.createElement('div');
    applyDesignTokens(root);
    expect(root.style.getPropertyValue('--cz-primary')).toBe(tokens.primary);
    expect(root.style.getPropertyValue('--cz-radius')).toBe('12px');
    expect(root.style.getPropertyValue('--cz-font-family')).toBe(tokens.fontFamily);
  });
});
