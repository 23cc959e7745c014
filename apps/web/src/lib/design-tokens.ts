/**
 * The design's one source of truth: the MUI theme (app/theme.ts) is built from these values, and
 * the plain CSS of the frame and the landing page reads them as custom properties (`--cz-*`),
 * written on the root element at start (`applyDesignTokens`) before the first render.
 */
export const tokens = {
  primary: '#a78bfa',
  primaryContrast: '#12091f',
  secondary: '#f472b6',
  secondaryContrast: '#1f0914',
  // MUI's dark error red (#f44336) under white text is 3.7:1; this lighter red under near-black
  // text is over 7:1, and as text or outline on the page background over 6:1 (WCAG AA: 4.5:1).
  error: '#f87171',
  errorContrast: '#1f0909',
  background: '#0d0b14',
  paper: '#16131f',
  textPrimary: '#f4f2fa',
  textSecondary: '#b3adc4',
  divider: 'rgba(255, 255, 255, 0.08)',
  hover: 'rgba(255, 255, 255, 0.08)',
  selected: 'rgba(255, 255, 255, 0.16)',
  /** The theme's `shape.borderRadius`; MUI's spacing unit is 8px. */
  radius: 12,
  spacing: 8,
  fontFamily: [
    'system-ui',
    '-apple-system',
    '"Segoe UI"',
    'Roboto',
    '"Helvetica Neue"',
    'Arial',
    '"Noto Sans"',
    'sans-serif',
    '"Apple Color Emoji"',
    '"Segoe UI Emoji"',
  ].join(','),
} as const;

/** The custom properties the stylesheets read, one per token. */
export function tokenCustomProperties(): Record<string, string> {
  return {
    '--cz-primary': tokens.primary,
    '--cz-primary-contrast': tokens.primaryContrast,
    '--cz-secondary': tokens.secondary,
    '--cz-error': tokens.error,
    '--cz-error-contrast': tokens.errorContrast,
    '--cz-background': tokens.background,
    '--cz-paper': tokens.paper,
    '--cz-text': tokens.textPrimary,
    '--cz-text-secondary': tokens.textSecondary,
    '--cz-divider': tokens.divider,
    '--cz-hover': tokens.hover,
    '--cz-selected': tokens.selected,
    '--cz-radius': `${tokens.radius}px`,
    '--cz-spacing': `${tokens.spacing}px`,
    '--cz-font-family': tokens.fontFamily,
  };
}

/** Writes the tokens on `root` (the document's element by default) for the stylesheets. */
export function applyDesignTokens(root: HTMLElement = document.documentElement): void {
  for (const [name, value] of Object.entries(tokenCustomProperties()))
    root.style.setProperty(name, value);
}
