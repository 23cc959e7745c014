import { describe, expect, it } from 'vitest';
import {
  chooseToastEdge,
  controlOf,
  KEEP_CLEAR_OF_TOASTS,
  keptClearAreas,
  overlap,
} from './toast-placement';

// A 1440 × 900 window: toasts 420 wide at the right, their bottom at 800 or their top at 80.
const STACK = { left: 996, right: 1416, height: 60, bottomLine: 800, topLine: 80 };
const box = (left: number, top: number, width: number, height: number) => ({
  left,
  top,
  right: left + width,
  bottom: top + height,
});

describe('overlap', () => {
  it('is the shared area, and 0 for boxes that only touch', () => {
    expect(overlap(box(0, 0, 10, 10), box(5, 5, 10, 10))).toBe(25);
    expect(overlap(box(0, 0, 10, 10), box(10, 0, 10, 10))).toBe(0);
    expect(overlap(box(0, 0, 10, 10), box(50, 50, 10, 10))).toBe(0);
  });
});

describe('chooseToastEdge', () => {
  it('keeps toasts at the bottom when nothing to avoid is there', () => {
    expect(chooseToastEdge({ ...STACK, avoid: [] })).toBe('bottom');
    expect(chooseToastEdge({ ...STACK, avoid: [box(1380, 300, 34, 34)] })).toBe('bottom');
  });

  it('moves them to the top when they would cover the control that produced them', () => {
    // A card's Like button just above the bottom bars, at the right.
    expect(chooseToastEdge({ ...STACK, avoid: [box(1370, 760, 34, 34)] })).toBe('top');
  });

  it("moves them to the top when they would cover an open dialog's buttons", () => {
    // A full-width phone dialog with its actions low on the screen.
    expect(
      chooseToastEdge({
        left: 16,
        right: 374,
        height: 60,
        bottomLine: 700,
        topLine: 72,
        avoid: [box(200, 660, 80, 36), box(290, 660, 70, 36)],
      }),
    ).toBe('top');
  });

  it('stays at the bottom when the top would cover more', () => {
    expect(
      chooseToastEdge({ ...STACK, avoid: [box(1000, 790, 10, 10), box(1000, 80, 400, 60)] }),
    ).toBe('bottom');
  });
});

describe('controlOf', () => {
  it('finds the button around the element acted on', () => {
    document.body.innerHTML =
      '<button id="like"><svg><path id="icon"></path></svg></button><p id="text">Hi</p>';
    expect(controlOf(document.getElementById('icon'))?.id).toBe('like');
    expect(controlOf(document.getElementById('text'))).toBeNull();
    expect(controlOf(null)).toBeNull();
  });
});

describe('keptClearAreas', () => {
  it('reads the buttons of dialogs and the floating bars, and nothing else', () => {
    document.body.innerHTML =
      '<div role="dialog"><button>Save</button></div><button>Outside</button>' +
      `<section ${KEEP_CLEAR_OF_TOASTS}><button>Pause</button></section><section ${KEEP_CLEAR_OF_TOASTS} hidden></section>`;
    const [save, outside, pause] = [...document.querySelectorAll('button')];
    const [bar, hiddenBar] = [...document.querySelectorAll('section')];
    save!.getBoundingClientRect = () => new DOMRect(10, 20, 80, 36);
    outside!.getBoundingClientRect = () => new DOMRect(0, 0, 80, 36);
    pause!.getBoundingClientRect = () => new DOMRect(1000, 820, 40, 40);
    bar!.getBoundingClientRect = () => new DOMRect(990, 800, 440, 80);
    hiddenBar!.getBoundingClientRect = () => new DOMRect(0, 0, 0, 0);
    expect(keptClearAreas()).toEqual([new DOMRect(10, 20, 80, 36), new DOMRect(990, 800, 440, 80)]);
  });
});
