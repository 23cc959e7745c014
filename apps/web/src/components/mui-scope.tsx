import { ThemeProvider } from '@mui/material/styles';
import type { ComponentType, ReactNode } from 'react';
import { themeFor } from '@/app/theme';
import { useColourMode } from '@/lib/theme-choice';

/**
 * The MUI theme, for the screens and overlays drawn with MUI. The frame and the landing page are
 * plain CSS and paint without it; this module (with MUI's styling engine) loads beside the first
 * chunk that needs it (lazy-mui-component.tsx). It follows the listener's light or dark choice.
 */
export function MuiScope({ children }: { children: ReactNode }) {
  return <ThemeProvider theme={themeFor(useColourMode())}>{children}</ThemeProvider>;
}

/** `Component` inside the MUI theme. */
export function withMuiScope<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  function Scoped(props: P) {
    return (
      <MuiScope>
        <Component {...props} />
      </MuiScope>
    );
  }
  Scoped.displayName = `WithMuiScope(${Component.displayName ?? Component.name})`;
  return Scoped;
}
