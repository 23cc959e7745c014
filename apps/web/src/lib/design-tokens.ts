/**
 * The design's one source of truth: the MUI theme (app/theme.ts) is built from these values, and
 * the plain CSS of the frame and the landing page reads them as custom properties (`--cz-*`),
 * from a stylesheet every page carries in its head (`designTokensStylesheet`, written into
 * index.html at build time): dark on the root, light once the root is marked `data-theme=light`.
 */

/** The two sets of colours: dark, the product's own look, and light. */
export type ColourMode = 'dark' | 'light';

export interface Colours {
  readonly primary: string;
  readonly primaryContrast: string;
  /** The primary as text on a selected row, a current song (MUI's `primary.light`). */
  readonly primaryLight: string;
  readonly secondary: string;
  readonly secondaryContrast: string;
  readonly error: string;
  readonly errorContrast: string;
  readonly success: string;
  readonly warning: string;
  readonly info: string;
  readonly background: string;
  readonly paper: string;
  readonly textPrimary: string;
  readonly textSecondary: string;
  readonly divider: string;
  readonly hover: string;
  readonly selected: string;
  /** A field's resting outline (MUI's outlined inputs: 23 % of the text colour). */
  readonly outline: string;
  /** An icon button's resting colour (MUI's `action.active`). */
  readonly action: string;
  /** A field the browser filled in (MUI paints it dark blue on dark). */
  readonly autofill: string;
  /** The colour of a raised card's shadow. */
  readonly shadow: string;
  /** A disabled button's fill and text. */
  readonly disabledFill: string;
  readonly disabledText: string;
  /** What shades blend towards (darker surfaces on dark, lighter on light) and text towards. */
  readonly shade: string;
  readonly ink: string;
}

export const palettes: Readonly<Record<ColourMode, Colours>> = {
  dark: {
    primary: '#a78bfa',
    primaryContrast: '#12091f',
    primaryLight: '#b8a2fb',
    secondary: '#f472b6',
    secondaryContrast: '#1f0914',
    // MUI's dark error red (#f44336) under white text is 3.7:1; this lighter red under near-black
    // text is over 7:1, and as text or outline on the page background over 6:1 (WCAG AA: 4.5:1).
    error: '#f87171',
    errorContrast: '#1f0909',
    success: '#66bb6a',
    warning: '#ffa726',
    info: '#29b6f6',
    background: '#0d0b14',
    paper: '#16131f',
    textPrimary: '#f4f2fa',
    textSecondary: '#b3adc4',
    divider: 'rgba(255, 255, 255, 0.08)',
    hover: 'rgba(255, 255, 255, 0.08)',
    selected: 'rgba(255, 255, 255, 0.16)',
    outline: 'rgba(255, 255, 255, 0.23)',
    action: '#ffffff',
    autofill: '#266798',
    shadow: 'rgba(0, 0, 0, 0.45)',
    disabledFill: 'rgba(255, 255, 255, 0.12)',
    disabledText: 'rgba(255, 255, 255, 0.3)',
    shade: '#000000',
    ink: '#ffffff',
  },
  // The same hues, deep enough to read as text on white (every one over 4.5:1 on both surfaces).
  light: {
    primary: '#6d28d9',
    primaryContrast: '#ffffff',
    // Lighter than the primary, as MUI's would be, yet over 4.5:1 on a selected row.
    primaryLight: '#7c3aed',
    secondary: '#be185d',
    secondaryContrast: '#ffffff',
    error: '#b91c1c',
    errorContrast: '#ffffff',
    success: '#2e7d32',
    // MUI's light orange and blue are under 4.5:1 with white text; these deeper ones are over.
    warning: '#b45309',
    info: '#0369a1',
    background: '#f6f4fb',
    paper: '#ffffff',
    textPrimary: '#1a1625',
    textSecondary: '#564f66',
    divider: 'rgba(0, 0, 0, 0.1)',
    hover: 'rgba(0, 0, 0, 0.05)',
    selected: 'rgba(0, 0, 0, 0.1)',
    outline: 'rgba(0, 0, 0, 0.23)',
    action: 'rgba(0, 0, 0, 0.54)',
    autofill: '#e8f0fe',
    shadow: 'rgba(26, 22, 37, 0.14)',
    disabledFill: 'rgba(0, 0, 0, 0.12)',
    disabledText: 'rgba(0, 0, 0, 0.38)',
    shade: '#ffffff',
    ink: '#000000',
  },
};

/** What both modes share: shape, spacing and type. */
export const tokens = {
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

/** The custom properties the stylesheets read, one per token, in `mode`'s colours. */
export function tokenCustomProperties(mode: ColourMode): Record<string, string> {
  const colours = palettes[mode];
  return {
    '--cz-primary': colours.primary,
    '--cz-primary-contrast': colours.primaryContrast,
    '--cz-secondary': colours.secondary,
    '--cz-error': colours.error,
    '--cz-error-contrast': colours.errorContrast,
    '--cz-success': colours.success,
    '--cz-background': colours.background,
    '--cz-paper': colours.paper,
    '--cz-text': colours.textPrimary,
    '--cz-text-secondary': colours.textSecondary,
    '--cz-divider': colours.divider,
    '--cz-hover': colours.hover,
    '--cz-selected': colours.selected,
    '--cz-outline': colours.outline,
    '--cz-action': colours.action,
    '--cz-autofill': colours.autofill,
    '--cz-shadow': colours.shadow,
    '--cz-disabled-fill': colours.disabledFill,
    '--cz-disabled-text': colours.disabledText,
    '--cz-shade': colours.shade,
    '--cz-ink': colours.ink,
    '--cz-radius': `${tokens.radius}px`,
    '--cz-spacing': `${tokens.spacing}px`,
    '--cz-font-family': tokens.fontFamily,
  };
}

function declarations(mode: ColourMode): string {
  return Object.entries({ ...tokenCustomProperties(mode), 'color-scheme': mode })
    .map(([name, value]) => `${name}:${value}`)
    .join(';');
}

/**
 * The tokens as a stylesheet: the page paints in their colours before any script runs, dark, or
 * light once the root is marked so (lib/theme-choice.ts and its gate in the landing page).
 */
export function designTokensStylesheet(): string {
  return `:root{${declarations('dark')}}:root[data-theme=light]{${declarations('light')}}`;
}
