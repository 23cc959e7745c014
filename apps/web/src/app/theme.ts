import { alpha, createTheme } from '@mui/material/styles';
import { LinkBehavior } from '@/components/link-behavior';
import { tokens } from '@/lib/design-tokens';

const { primary, secondary, error } = tokens;

export const theme = createTheme({
  palette: {
    mode: 'dark',
    primary: { main: primary, contrastText: tokens.primaryContrast },
    secondary: { main: secondary, contrastText: tokens.secondaryContrast },
    error: { main: error, contrastText: tokens.errorContrast },
    background: { default: tokens.background, paper: tokens.paper },
    divider: tokens.divider,
    text: { primary: tokens.textPrimary, secondary: tokens.textSecondary },
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
          backgroundColor: alpha(tokens.background, 0.8),
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
