import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router';
import { AppRoot } from '../app-root';
import { preloadRoute, routes } from '../router';

export { SESSION_GATE_SCRIPT } from './session-gate';
export { THEME_GATE_SCRIPT } from '@/lib/theme-choice';

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
