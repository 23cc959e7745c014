import { afterEach, describe, expect, it } from 'vitest';
import {
  PLAYER_OFFSET_VARIABLE,
  publishBottomBarHeight,
  TAB_BAR_HEIGHT_VARIABLE,
} from './bottom-bars';

const root = () => document.documentElement.style;

afterEach(() => {
  publishBottomBarHeight('tabBar', 0);
  publishBottomBarHeight('player', 0);
});

describe('the bottom bars offset', () => {
  it('adds up the tab bar and the player, and pads scrolling by it', () => {
    publishBottomBarHeight('tabBar', 57);
    expect(root().getPropertyValue(PLAYER_OFFSET_VARIABLE)).toBe('57px');
    publishBottomBarHeight('player', 60.4);
    expect(root().getPropertyValue(PLAYER_OFFSET_VARIABLE)).toBe('117px');
    expect(root().getPropertyValue(TAB_BAR_HEIGHT_VARIABLE)).toBe('57px');
    expect(root().scrollPaddingBottom).toBe('117px');
  });

  it('clears everything once no bar is left', () => {
    publishBottomBarHeight('player', 80);
    publishBottomBarHeight('player', 0);
    expect(root().getPropertyValue(PLAYER_OFFSET_VARIABLE)).toBe('');
    expect(root().getPropertyValue(TAB_BAR_HEIGHT_VARIABLE)).toBe('');
    expect(root().scrollPaddingBottom).toBe('');
  });
});
