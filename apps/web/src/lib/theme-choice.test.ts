import { act, renderHook } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { designTokensStylesheet, palettes } from './design-tokens';
import {
  chooseTheme,
  modeOf,
  startThemeChoice,
  THEME_GATE_SCRIPT,
  THEME_KEY,
  useColourMode,
  useThemeChoice,
} from './theme-choice';

/** The system's scheme as the browser reports it: light or not, and its change event. */
function systemScheme(light: boolean) {
  const listeners = new Set<() => void>();
  const list = {
    get matches() {
      return light;
    },
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal('matchMedia', () => list);
  return {
    turn(next: boolean) {
      light = next;
      for (const listener of listeners) listener();
    },
  };
}

const root = document.documentElement;
const background = () => getComputedStyle(root).getPropertyValue('--cz-background');

// The page's stylesheet, as index.html carries it.
const stylesheet = document.createElement('style');
beforeAll(() => {
  stylesheet.textContent = designTokensStylesheet();
  document.head.append(stylesheet);
});
afterAll(() => stylesheet.remove());

afterEach(() => {
  vi.unstubAllGlobals();
  chooseTheme('dark');
  localStorage.clear();
});

describe('the theme choice', () => {
  it('paints in the product’s dark look when nothing was chosen', () => {
    startThemeChoice();
    expect(root.dataset.theme).toBe('dark');
    expect(background()).toBe(palettes.dark.background);
  });

  it('paints in the stored choice from the start', () => {
    localStorage.setItem(THEME_KEY, 'light');
    startThemeChoice();
    expect(root.dataset.theme).toBe('light');
    expect(background()).toBe(palettes.light.background);
  });

  it('keeps a choice on this device and repaints at once, the browser’s bar too', () => {
    const meta = document.createElement('meta');
    meta.name = 'theme-color';
    document.head.append(meta);
    const { result } = renderHook(() => [useThemeChoice(), useColourMode()]);
    act(() => chooseTheme('light'));
    expect(result.current).toEqual(['light', 'light']);
    expect(localStorage.getItem(THEME_KEY)).toBe('light');
    expect(getComputedStyle(root).getPropertyValue('color-scheme')).toBe('light');
    expect(meta.content).toBe(palettes.light.background);
    meta.remove();
  });

  it('follows the system’s scheme, and its changes, when told to', () => {
    const system = systemScheme(true);
    startThemeChoice();
    const { result } = renderHook(() => [useThemeChoice(), useColourMode()]);
    act(() => chooseTheme('system'));
    expect(result.current).toEqual(['system', 'light']);
    act(() => system.turn(false));
    expect(result.current).toEqual(['system', 'dark']);
    expect(background()).toBe(palettes.dark.background);
  });

  it('takes a choice made in another tab', () => {
    startThemeChoice();
    const { result } = renderHook(() => useColourMode());
    localStorage.setItem(THEME_KEY, 'light');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: THEME_KEY }));
    });
    expect(result.current).toBe('light');
  });

  it('ignores a stored value it does not know', () => {
    localStorage.setItem(THEME_KEY, 'sepia');
    startThemeChoice();
    expect(root.dataset.theme).toBe('dark');
  });

  it('reads the system’s scheme only for "system"', () => {
    systemScheme(true);
    expect(modeOf('system')).toBe('light');
    expect(modeOf('dark')).toBe('dark');
  });
});

describe('the theme gate of the page rendered at build time', () => {
  /** Runs the scripts as the page would, in the page's own global (not the test's). */
  function runScripts(...sources: string[]): void {
    for (const source of sources) {
      const script = document.createElement('script');
      script.textContent = source;
      document.body.append(script);
      script.remove();
    }
  }

  /** The gate on a system whose scheme is `light` or not (unknown when omitted). */
  function runGate(light?: boolean): string | undefined {
    delete root.dataset.theme;
    const system =
      light === undefined
        ? 'delete window.matchMedia'
        : `window.matchMedia=function(){return {matches:${String(light)}}}`;
    runScripts(system, THEME_GATE_SCRIPT);
    return root.dataset.theme;
  }

  it('marks the page light before it paints when light is chosen', () => {
    localStorage.setItem(THEME_KEY, 'light');
    expect(runGate()).toBe('light');
  });

  it('marks it light for "system" on a light system, and leaves it dark otherwise', () => {
    localStorage.setItem(THEME_KEY, 'system');
    expect(runGate(true)).toBe('light');
    expect(runGate(false)).toBeUndefined();
    expect(runGate()).toBeUndefined();
    localStorage.setItem(THEME_KEY, 'dark');
    expect(runGate(true)).toBeUndefined();
  });
});
