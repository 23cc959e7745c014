import { describe, expect, it } from 'vitest';
import { SHORTCUTS, commandForKey, isTextEntry, shortcutFor, type KeyPress } from './keymap';

function press(key: string, extra: Partial<KeyPress> = {}): KeyPress {
  return {
    key,
    shiftKey: false,
    ctrlKey: false,
    altKey: false,
    metaKey: false,
    repeat: false,
    ...extra,
  };
}

/** Builds markup in the document and returns the element marked `data-target`. */
function targetIn(html: string): Element {
  document.body.innerHTML = html;
  const target = document.querySelector('[data-target]');
  if (!target) throw new Error('No element marked data-target');
  return target;
}

describe('which key does what', () => {
  it.each([
    [' ', {}, 'togglePlay'],
    ['ArrowLeft', {}, 'seekBack'],
    ['ArrowRight', {}, 'seekForward'],
    ['ArrowLeft', { shiftKey: true }, 'previous'],
    ['ArrowRight', { shiftKey: true }, 'next'],
    ['ArrowUp', {}, 'volumeUp'],
    ['ArrowDown', {}, 'volumeDown'],
    ['m', {}, 'mute'],
    ['M', { shiftKey: true }, 'mute'],
    ['l', {}, 'like'],
    ['s', {}, 'shuffle'],
    ['r', {}, 'repeat'],
    ['q', {}, 'queue'],
    ['/', {}, 'search'],
    ['?', { shiftKey: true }, 'help'],
  ] as const)('%s %o → %s', (key, extra, command) => {
    expect(commandForKey(press(key, extra))).toBe(command);
  });

  it('leaves keys with Ctrl, Alt or Meta to the browser (Ctrl+R reloads, Cmd+L goes to the bar)', () => {
    expect(commandForKey(press('r', { ctrlKey: true }))).toBeNull();
    expect(commandForKey(press('l', { metaKey: true }))).toBeNull();
    expect(commandForKey(press('ArrowLeft', { altKey: true }))).toBeNull();
  });

  it('ignores keys it has no use for', () => {
    expect(commandForKey(press('a'))).toBeNull();
    expect(commandForKey(press('Enter'))).toBeNull();
    expect(commandForKey(press('Tab'))).toBeNull();
    expect(commandForKey(press('Escape'))).toBeNull();
  });

  it('repeats seeking and volume while held, but not a toggle', () => {
    expect(commandForKey(press('ArrowRight', { repeat: true }))).toBe('seekForward');
    expect(commandForKey(press('ArrowUp', { repeat: true }))).toBe('volumeUp');
    expect(commandForKey(press(' ', { repeat: true }))).toBeNull();
    expect(commandForKey(press('s', { repeat: true }))).toBeNull();
    expect(commandForKey(press('ArrowRight', { shiftKey: true, repeat: true }))).toBeNull();
  });

  it('lists every command once in the help sheet', () => {
    const commands = SHORTCUTS.map((shortcut) => shortcut.command);
    expect(new Set(commands).size).toBe(commands.length);
    expect(commands).toEqual(
      expect.arrayContaining([
        'togglePlay',
        'seekBack',
        'seekForward',
        'previous',
        'next',
        'volumeUp',
        'volumeDown',
        'mute',
        'like',
        'shuffle',
        'repeat',
        'queue',
        'search',
        'help',
      ]),
    );
  });
});

describe('where a key press counts', () => {
  it('works on the page, a link and a button, Space included', () => {
    expect(shortcutFor(press(' '), document.body)).toBe('togglePlay');
    expect(shortcutFor(press(' '), targetIn('<a href="/x" data-target>x</a>'))).toBe('togglePlay');
    expect(shortcutFor(press(' '), targetIn('<button data-target>x</button>'))).toBe('togglePlay');
    expect(shortcutFor(press('s'), targetIn('<button data-target>x</button>'))).toBe('shuffle');
    expect(shortcutFor(press('ArrowRight'), targetIn('<a href="/" data-target>x</a>'))).toBe(
      'seekForward',
    );
  });

  it.each([
    ['a search field', '<input type="search" data-target />'],
    ['a text field', '<input data-target />'],
    ['an e-mail field', '<input type="email" data-target />'],
    ['a text area', '<textarea data-target></textarea>'],
    ['a select', '<select data-target><option>a</option></select>'],
    ['an editable block', '<div contenteditable="true"><p data-target>x</p></div>'],
    ['a combobox', '<div role="combobox" data-target></div>'],
  ])('fires nothing in %s', (_name, html) => {
    const target = targetIn(html);
    expect(isTextEntry(target)).toBe(true);
    for (const key of [' ', 'ArrowLeft', 'ArrowUp', 'm', 'l', 's', 'r', 'q', '/', '?']) {
      expect(shortcutFor(press(key), target)).toBeNull();
    }
  });

  it('does not take a checkbox, a range or a button for a text field', () => {
    expect(isTextEntry(targetIn('<input type="checkbox" data-target />'))).toBe(false);
    expect(isTextEntry(targetIn('<input type="range" data-target />'))).toBe(false);
    expect(isTextEntry(targetIn('<div contenteditable="false"><p data-target>x</p></div>'))).toBe(
      false,
    );
  });

  it('leaves arrows to a slider, a menu, a list box, tabs and a track list', () => {
    for (const html of [
      '<input type="range" data-target />',
      '<span role="slider" data-target></span>',
      '<ul role="menu"><li role="menuitem" data-target>x</li></ul>',
      '<ul role="listbox"><li role="option" data-target>x</li></ul>',
      '<div role="tablist"><button role="tab" data-target>x</button></div>',
      '<div role="grid"><div role="row" data-target>x</div></div>',
    ]) {
      const target = targetIn(html);
      expect(shortcutFor(press('ArrowLeft'), target)).toBeNull();
      expect(shortcutFor(press('ArrowUp'), target)).toBeNull();
      expect(shortcutFor(press('ArrowRight', { shiftKey: true }), target)).toBeNull();
    }
    // Other keys still work on a slider.
    expect(shortcutFor(press(' '), targetIn('<input type="range" data-target />'))).toBe(
      'togglePlay',
    );
    expect(shortcutFor(press('m'), targetIn('<span role="slider" data-target></span>'))).toBe(
      'mute',
    );
  });

  it('leaves Space to what it ticks or picks up', () => {
    for (const html of [
      '<input type="checkbox" data-target />',
      '<span role="switch" data-target></span>',
      '<button aria-roledescription="sortable" data-target>x</button>',
    ]) {
      expect(shortcutFor(press(' '), targetIn(html))).toBeNull();
    }
  });

  it("leaves every key to an open menu, and Space to a dialog's buttons", () => {
    const inMenu = targetIn('<ul role="menu"><li role="menuitem" data-target>Play</li></ul>');
    expect(shortcutFor(press('s'), inMenu)).toBeNull();
    expect(shortcutFor(press('q'), inMenu)).toBeNull();
    const inDialog = targetIn('<div role="dialog"><button data-target>OK</button></div>');
    expect(shortcutFor(press(' '), inDialog)).toBeNull();
    // The queue's drawer is a dialog: Q closes it from inside.
    expect(shortcutFor(press('q'), inDialog)).toBe('queue');
  });
});
