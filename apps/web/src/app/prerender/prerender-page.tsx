import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router';
import { tokenCustomProperties } from '@/lib/design-tokens';
import { AppRoot } from '../app-root';
import { preloadRoute, routes } from '../router';

export { SESSION_GATE_SCRIPT } from './session-gate';

/**
 * The page at `pathname` as a visitor without a session first sees it: the markup the browser's
 * first render produces, so that the app takes it over (hydrates) instead of drawing it again.
 * Sections that load data show their placeholders, as they do before their answer arrives.
 */
export async function prerenderPage(pathname: string): Promise<string> {
  await preloadRoute(pathname);
  const router = createMemoryRouter(routes, { initialEntries: [pathname] });
  return renderToString(<AppRoot router={router} />);
}

/** The design tokens as a stylesheet: the page paints in its colours before any script runs. */
export function designTokensStylesheet(): string {
  const declarations = Object.entries(tokenCustomProperties())
    .map(([name, value]) => `${name}:${value}`)
    .join(';');
  return `:root{${declarations}}`;
}
