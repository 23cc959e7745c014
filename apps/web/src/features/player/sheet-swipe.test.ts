import { describe, expect, it } from 'vitest';
import {
  CLOSE_DISTANCE,
  sheetSwipeOf,
  swipeAxisOf,
  SWIPE_SLOP,
  TRACK_DISTANCE,
} from './sheet-swipe';

const SLOW = 1000;

describe('the now-playing sheet’s swipes', () => {
  it('take no direction before the finger has moved past the slop', () => {
    expect(swipeAxisOf(SWIPE_SLOP - 1, -(SWIPE_SLOP - 1))).toBeNull();
    expect(swipeAxisOf(SWIPE_SLOP, 2)).toBe('x');
    expect(swipeAxisOf(3, SWIPE_SLOP + 4)).toBe('y');
    expect(swipeAxisOf(-30, 12)).toBe('x');
  });

  it('close when dragged down far enough, never up', () => {
    expect(sheetSwipeOf('y', { dx: 0, dy: CLOSE_DISTANCE }, SLOW)).toBe('close');
    expect(sheetSwipeOf('y', { dx: 0, dy: CLOSE_DISTANCE - 1 }, SLOW)).toBeNull();
    expect(sheetSwipeOf('y', { dx: 0, dy: -400 }, SLOW)).toBeNull();
  });

  it('go to the next song leftwards and the previous one rightwards', () => {
    expect(sheetSwipeOf('x', { dx: -TRACK_DISTANCE, dy: 0 }, SLOW)).toBe('next');
    expect(sheetSwipeOf('x', { dx: TRACK_DISTANCE, dy: 0 }, SLOW)).toBe('previous');
    expect(sheetSwipeOf('x', { dx: -(TRACK_DISTANCE - 1), dy: 0 }, SLOW)).toBeNull();
  });

  it('count a quick flick from half the distance', () => {
    expect(sheetSwipeOf('x', { dx: -TRACK_DISTANCE / 2, dy: 0 }, 40)).toBe('next');
    expect(sheetSwipeOf('y', { dx: 0, dy: CLOSE_DISTANCE / 2 }, 60)).toBe('close');
    expect(sheetSwipeOf('y', { dx: 0, dy: CLOSE_DISTANCE / 2 }, SLOW)).toBeNull();
  });
});
