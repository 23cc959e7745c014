import { alpha, createTheme, type Theme } from '@mui/material/styles';
import { LinkBehavior } from '@/components/link-behavior';
import { palettes, tokens, type ColourMode } from '@/lib/design-tokens';

/** The MUI theme of `mode`, from the design tokens. */
function themeOf(mode: ColourMode): Theme {
  const colours = palettes[mode];
  const { primary } = colours;
  return createTheme({
    palette: {
      mode,
      primary: {
        main: primary,
        light: colours.primaryLight,
        contrastText: colours.primaryContrast,
      },
      secondary: { main: colours.secondary, contrastText: colours.secondaryContrast },
      error: { main: colours.error, contrastText: colours.errorContrast },
      success: { main: colours.success },
      warning: { main: colours.warning },
      info: { main: colours.info },
      background: { default: colours.background, paper: colours.paper },
      divider: colours.divider,
      text: { primary: colours.textPrimary, secondary: colours.textSecondary },
      action: { hover: colours.hover, selected: colours.selected },
    },
    shape: { borderRadius: tokens.radius },
    // One keyboard focus ring for every interactive MUI component (buttons, icon buttons, tabs,
    // chips, links, checkboxes, radios, switches, slider thumbs, ratings, menu items): a 2px
    // primary outline, offset by 2px. Components that sit inside a clipping container (Tab in the
    // Tabs scroller, MenuItem, ListItemButton) draw it inset instead, so it is never cut off.
    focusVisible: { outlineColor: primary, outlineWidth: 2, outlineOffset: 2 },
    typography: {
      fontFamily: tokens.fontFamily,
      h1: { fontWeight: 800, letterSpacing: '-0.02em' },
      h2: { fontWeight: 800, letterSpacing: '-0.02em' },
      h3: { fontWeight: 700, letterSpacing: '-0.01em' },
      h4: { fontWeight: 700, letterSpacing: '-0.01em' },
      h5: { fontWeight: 700 },
      h6: { fontWeight: 700 },
      button: { fontWeight: 600, textTransform: 'none' },
    },
    components: {
      // A link in running text must not be told apart by colour alone (WCAG 1.4.1): underlined.
      // Lists of links that are plainly links (the footer's) ask for underline="hover".
      MuiLink: {
        defaultProps: { component: LinkBehavior, underline: 'always' },
        styleOverrides: { underlineAlways: { textUnderlineOffset: '0.2em' } },
      },
      MuiButtonBase: {
        defaultProps: { LinkComponent: LinkBehavior },
      },
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: { root: { borderRadius: 999, paddingInline: 20 } },
      },
      MuiPaper: {
        styleOverrides: { root: { backgroundImage: 'none' } },
      },
      MuiTextField: {
        defaultProps: { fullWidth: true },
      },
      MuiAppBar: {
        styleOverrides: {
          root: {
            backgroundColor: alpha(colours.background, 0.8),
            backdropFilter: 'blur(12px)',
            backgroundImage: 'none',
          },
        },
      },
      // MUI renders subtitles as <h6> by default; a subtitle is a line of text, not a heading
      // (a sixth-level heading under a dialog's <h2> breaks the heading order).
      MuiTypography: {
        defaultProps: { variantMapping: { subtitle1: 'p', subtitle2: 'p' } },
      },
      MuiAlert: {
        styleOverrides: { root: { borderRadius: tokens.radius } },
      },
    },
  });
}

const made = new Map<ColourMode, Theme>();

/** The MUI theme of `mode`, made once when first asked for. */
export function themeFor(mode: ColourMode): Theme {
  let theme = made.get(mode);
  if (!theme) {
    theme = themeOf(mode);
    made.set(mode, theme);
  }
  return theme;
}
