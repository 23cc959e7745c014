import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  addCircle,
  CIRCLE_INTERVAL_MS,
  INITIAL_CIRCLES,
  makeCircle,
  MAX_CIRCLES,
  useFloatingCircles,
} from './use-floating-circles';

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('Floating circles', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    setVisibility('visible');
  });

  it('starts with 10 and adds one every 3 seconds', () => {
    const { result } = renderHook(() => useFloatingCircles());
    expect(result.current).toHaveLength(INITIAL_CIRCLES);
    act(() => {
      vi.advanceTimersByTime(CIRCLE_INTERVAL_MS - 1);
    });
    expect(result.current).toHaveLength(10);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current).toHaveLength(11);
    act(() => {
      vi.advanceTimersByTime(CIRCLE_INTERVAL_MS * 4);
    });
    expect(result.current).toHaveLength(15);
  });

  it('keeps at most 30, dropping the oldest', () => {
    const { result } = renderHook(() => useFloatingCircles());
    act(() => {
      vi.advanceTimersByTime(CIRCLE_INTERVAL_MS * 100);
    });
    expect(result.current).toHaveLength(MAX_CIRCLES);
    expect(result.current[0]?.id).toBe(INITIAL_CIRCLES + 100 - MAX_CIRCLES);
    expect(result.current.at(-1)?.id).toBe(INITIAL_CIRCLES + 99);
  });

  it('adds none while the tab is hidden and resumes when it is shown', () => {
    const { result } = renderHook(() => useFloatingCircles());
    act(() => setVisibility('hidden'));
    act(() => {
      vi.advanceTimersByTime(CIRCLE_INTERVAL_MS * 5);
    });
    expect(result.current).toHaveLength(10);
    act(() => setVisibility('visible'));
    act(() => {
      vi.advanceTimersByTime(CIRCLE_INTERVAL_MS);
    });
    expect(result.current).toHaveLength(11);
  });

  it('adds none when the visitor prefers reduced motion', () => {
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({
        matches: query.includes('prefers-reduced-motion'),
        media: query,
        addEventListener: vi.fn(),
        removeEventListener: vi.fn(),
      })),
    );
    const { result } = renderHook(() => useFloatingCircles());
    act(() => {
      vi.advanceTimersByTime(CIRCLE_INTERVAL_MS * 5);
    });
    expect(result.current).toHaveLength(10);
  });

  it('starts with the same circles on every render, so the page built ahead hydrates as is', () => {
    const first = renderHook(() => useFloatingCircles()).result.current;
    const second = renderHook(() => useFloatingCircles()).result.current;
    expect(second).toEqual(first);
    expect(new Set(first.map((circle) => circle.left)).size).toBeGreaterThan(1);
  });

  it('addCircle appends and trims from the front', () => {
    const circles = Array.from({ length: 3 }, (_, index) => makeCircle(index));
    expect(addCircle(circles, makeCircle(3), 3).map((circle) => circle.id)).toEqual([1, 2, 3]);
  });
});
