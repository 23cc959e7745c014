/** What a keyboard shortcut does (docs/product.md §12.8). */
export type ShortcutCommand =
  | 'togglePlay'
  | 'seekBack'
  | 'seekForward'
  | 'previous'
  | 'next'
  | 'volumeUp'
  | 'volumeDown'
  | 'mute'
  | 'like'
  | 'shuffle'
  | 'repeat'
  | 'queue'
  | 'search'
  | 'help';

export interface Shortcut {
  command: ShortcutCommand;
  /** The keys as the help sheet shows them, one entry per key cap. */
  keys: readonly string[];
  description: string;
}

/** Every shortcut, in the order the help sheet lists them. */
export const SHORTCUTS: readonly Shortcut[] = [
  { command: 'togglePlay', keys: ['Space'], description: 'Play or pause' },
  { command: 'seekBack', keys: ['←'], description: 'Back 5 seconds' },
  { command: 'seekForward', keys: ['→'], description: 'Forward 5 seconds' },
  { command: 'previous', keys: ['Shift', '←'], description: 'Previous' },
  { command: 'next', keys: ['Shift', '→'], description: 'Next' },
  { command: 'volumeUp', keys: ['↑'], description: 'Volume up' },
  { command: 'volumeDown', keys: ['↓'], description: 'Volume down' },
  { command: 'mute', keys: ['M'], description: 'Mute or unmute' },
  { command: 'like', keys: ['L'], description: 'Like the current song' },
  { command: 'shuffle', keys: ['S'], description: 'Shuffle on or off' },
  { command: 'repeat', keys: ['R'], description: 'Repeat on or off' },
  { command: 'queue', keys: ['Q'], description: 'Open or close the queue' },
  { command: 'search', keys: ['/'], description: 'Search' },
  { command: 'help', keys: ['?'], description: 'Show these shortcuts' },
];

/** How far ←/→ move in the song, in seconds. */
export const SEEK_STEP_SECONDS = 5;
/** How much ↑/↓ change the volume (0 to 1). */
export const VOLUME_STEP = 0.1;

/** The parts of a KeyboardEvent the keymap reads. */
export interface KeyPress {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
  repeat: boolean;
}

const LETTERS: Record<string, ShortcutCommand> = {
  m: 'mute',
  l: 'like',
  s: 'shuffle',
  r: 'repeat',
  q: 'queue',
};

/** Held down, these repeat (seeking and volume); a toggle fires once per press. */
const REPEATABLE = new Set<ShortcutCommand>(['seekBack', 'seekForward', 'volumeUp', 'volumeDown']);

/** The command a key press stands for, wherever it was pressed; null for none. */
export function commandForKey(press: KeyPress): ShortcutCommand | null {
  if (press.ctrlKey || press.altKey || press.metaKey) return null;
  const command = commandOf(press);
  if (command && press.repeat && !REPEATABLE.has(command)) return null;
  return command;
}

function commandOf({ key, shiftKey }: KeyPress): ShortcutCommand | null {
  switch (key) {
    case ' ':
    case 'Spacebar':
      return shiftKey ? null : 'togglePlay';
    case 'ArrowLeft':
      return shiftKey ? 'previous' : 'seekBack';
    case 'ArrowRight':
      return shiftKey ? 'next' : 'seekForward';
    case 'ArrowUp':
      return shiftKey ? null : 'volumeUp';
    case 'ArrowDown':
      return shiftKey ? null : 'volumeDown';
    case '/':
      return 'search';
    case '?':
      return 'help';
    default:
      return LETTERS[key.toLowerCase()] ?? null;
  }
}

/** Input types that take no typing: a shortcut pressed on one still counts. */
const NON_TEXT_INPUTS = new Set([
  'button',
  'checkbox',
  'color',
  'file',
  'image',
  'radio',
  'range',
  'reset',
  'submit',
]);

/** Where typing happens: no shortcut fires there (search fields included). */
export function isTextEntry(target: Element): boolean {
  const field = target.closest(
    'input, textarea, select, [contenteditable]:not([contenteditable="false"]), [role="textbox"], [role="searchbox"], [role="combobox"]',
  );
  if (!field) return false;
  if (field instanceof HTMLInputElement) return !NON_TEXT_INPUTS.has(field.type);
  return true;
}

/**
 * Widgets whose arrow keys move within them (a slider's value, a menu's or list's items, tabs,
 * a track list's rows): there the arrows keep that meaning.
 */
const ARROW_OWNERS =
  'input[type="range"], [role="slider"], [role="spinbutton"], [role="menu"], [role="menubar"], [role="listbox"], [role="tablist"], [role="radiogroup"], [role="grid"], [role="treegrid"], [role="tree"]';

/** Controls that Space ticks or chooses (no other key does): Space keeps that meaning. */
const SPACE_OWNERS =
  'input[type="checkbox"], input[type="radio"], [role="checkbox"], [role="switch"], [role="radio"], [role="option"], [role="menuitem"], [role="menuitemcheckbox"], [role="menuitemradio"], [aria-roledescription]';

/** An open menu keeps every key to itself (its entries are found by typing their first letter). */
const KEY_OWNERS = '[role="menu"], [role="menubar"]';

/** In a dialog Space presses its buttons, as the dialog expects; other shortcuts still work. */
const DIALOGS = '[role="dialog"], [role="alertdialog"]';

const ARROWS = new Set<ShortcutCommand>([
  'seekBack',
  'seekForward',
  'previous',
  'next',
  'volumeUp',
  'volumeDown',
]);

/**
 * The command a key press gives where it was pressed: none in a text field or an open menu, for
 * arrows in a widget that moves with them, or for Space on a control it ticks or in a dialog.
 * Elsewhere, on a button or a link too, Space plays and pauses (Enter still presses them).
 */
export function shortcutFor(press: KeyPress, target: EventTarget | null): ShortcutCommand | null {
  const command = commandForKey(press);
  if (!command) return null;
  if (!(target instanceof Element)) return command;
  if (isTextEntry(target) || target.closest(KEY_OWNERS)) return null;
  if (ARROWS.has(command) && target.closest(ARROW_OWNERS)) return null;
  if (command === 'togglePlay' && target.closest(`${SPACE_OWNERS}, ${DIALOGS}`)) return null;
  return command;
}

/**
 * The commands that act on the player, which shows (with its queue) only while a song is
 * current: without one they do nothing and the key keeps its usual meaning.
 */
export function needsSong(command: ShortcutCommand): boolean {
  return command !== 'search' && command !== 'help';
}
