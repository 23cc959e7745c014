import { act, screen, within } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppRoot } from '../app-root';
import { routes } from '../router';
import { prerenderPage, SESSION_GATE_SCRIPT } from './prerender-page';

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.replaceChildren();
});

/** The page as the build writes it, in a #root the browser parsed. */
async function parsedPage(pathname: string): Promise<HTMLElement> {
  const container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = await prerenderPage(pathname);
  document.body.append(container);
  return container;
}

describe('the landing page rendered at build time', () => {
  it('is the visitor’s landing, data sections as placeholders', async () => {
    const container = await parsedPage('/');
    const page = within(container);
    expect(page.getByRole('heading', { level: 1 })).toHaveTextContent('Music for every moment');
    expect(page.getByRole('link', { name: /GET STARTED/ })).toHaveAttribute('href', '/login');
    expect(page.queryByText('GO TO DASHBOARD')).not.toBeInTheDocument();
    expect(page.queryByRole('article')).not.toBeInTheDocument();
    // No viewport at build time: the links and the menu button both, the stylesheet picks one.
    expect(page.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(page.getByRole('button', { name: 'Open menu' })).toBeInTheDocument();
  });

  it.each(['/', '/home'])('is taken over at %s without a mismatch', async (pathname) => {
    const container = await parsedPage(pathname);
    const heading = container.querySelector('h1');
    const errors = vi.spyOn(console, 'error');
    const router = createMemoryRouter(routes, { initialEntries: [pathname] });
    await act(async () => {
      root = hydrateRoot(container, <AppRoot router={router} />, {
        onRecoverableError: (error) => console.error(error),
      });
    });
    expect(errors).not.toHaveBeenCalled();
    // The same element: React kept the markup instead of drawing it again.
    expect(container.querySelector('h1')).toBe(heading);
    expect(screen.getByRole('link', { name: /GET STARTED/ })).toBeInTheDocument();
  });
});

describe('the inline script after the page', () => {
  function runGate(): HTMLElement {
    const container = document.createElement('div');
    container.id = 'root';
    container.innerHTML = '<h1>Music for every moment</h1>';
    document.body.append(container);
    // The script as the page carries it, right after #root.
    const script = document.createElement('script');
    script.textContent = SESSION_GATE_SCRIPT;
    document.body.append(script);
    return container;
  }

  it('keeps the visitor’s landing when no session is stored', () => {
    expect(runGate()).toHaveTextContent('Music for every moment');
  });

  it('removes it when a session is remembered or kept for this tab', () => {
    localStorage.setItem('token', 'tok');
    expect(runGate()).toBeEmptyDOMElement();
    document.body.replaceChildren();
    localStorage.clear();
    sessionStorage.setItem('token', 'tok');
    expect(runGate()).toBeEmptyDOMElement();
  });
});
