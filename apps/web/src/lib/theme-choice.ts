import { useSyncExternalStore } from 'react';
import type { ColourMode } from './design-tokens';

/** What the listener chose in the settings: a mode, or the system's. */
export type ThemeChoice = ColourMode | 'system';

export const THEME_CHOICES: readonly ThemeChoice[] = ['light', 'dark', 'system'];

/** Where the choice is kept: on this device, as the browser's own scheme is. */
export const THEME_KEY = 'theme';

/** Without a choice, the product's own look. */
const DEFAULT_CHOICE: ThemeChoice = 'dark';

const LIGHT_SYSTEM = '(prefers-color-scheme: light)';

export function isThemeChoice(value: unknown): value is ThemeChoice {
  return THEME_CHOICES.includes(value as ThemeChoice);
}

// Storage can be unavailable (disabled cookies, some private modes): then the default holds.
function storedChoice(): ThemeChoice {
  try {
    const stored = window.localStorage.getItem(THEME_KEY);
    return isThemeChoice(stored) ? stored : DEFAULT_CHOICE;
  } catch {
    return DEFAULT_CHOICE;
  }
}

function systemQuery(): MediaQueryList | null {
  return typeof window.matchMedia === 'function' ? window.matchMedia(LIGHT_SYSTEM) : null;
}

/** The mode `choice` paints in now. */
export function modeOf(choice: ThemeChoice): ColourMode {
  if (choice !== 'system') return choice;
  return systemQuery()?.matches ? 'light' : 'dark';
}

const listeners = new Set<() => void>();
let choice: ThemeChoice = DEFAULT_CHOICE;
let mode: ColourMode = 'dark';

/** Marks the page with the choice's mode now and tells the hooks (React skips what is unchanged). */
function settle(): void {
  mode = modeOf(choice);
  // The page's stylesheet holds both palettes (design-tokens.ts): the mark picks one.
  const root = document.documentElement;
  root.dataset.theme = mode;
  const background = getComputedStyle(root).getPropertyValue('--cz-background').trim();
  if (background)
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', background);
  document.querySelector('meta[name="color-scheme"]')?.setAttribute('content', mode);
  for (const listener of listeners) listener();
}

/**
 * Marks the page with the stored choice's mode, before the first render, and follows from then on:
 * a choice made here or in another tab, and, for "system", the system's own changes.
 */
export function startThemeChoice(): void {
  choice = storedChoice();
  settle();
  systemQuery()?.addEventListener('change', settle);
  window.addEventListener('storage', (event) => {
    if (event.key !== THEME_KEY) return;
    choice = storedChoice();
    settle();
  });
}

/** Keeps `next` on this device and paints in it. */
export function chooseTheme(next: ThemeChoice): void {
  choice = next;
  try {
    window.localStorage.setItem(THEME_KEY, next);
  } catch {
    // Not kept: this page still follows the choice.
  }
  settle();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The mode the page paints in, following changes; dark in the page rendered at build time. */
export function useColourMode(): ColourMode {
  return useSyncExternalStore(
    subscribe,
    () => mode,
    () => 'dark',
  );
}

/** The listener's choice, following changes. */
export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(
    subscribe,
    () => choice,
    () => DEFAULT_CHOICE,
  );
}

/**
 * Runs in the page rendered at build time before it paints: the stored choice's mode on the root
 * element, so the stylesheet paints the page in it (inline, allowed by its hash).
 */
export const THEME_GATE_SCRIPT = `try{var c=localStorage.getItem(${JSON.stringify(THEME_KEY)});if(c==="light"||(c==="system"&&matchMedia(${JSON.stringify(LIGHT_SYSTEM)}).matches))document.documentElement.dataset.theme="light"}catch(e){}`;
