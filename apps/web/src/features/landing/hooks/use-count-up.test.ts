import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COUNT_UP_DURATION_MS, useCountUp } from './use-count-up';

describe('useCountUp', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('counts from 0 and ends exactly on the target after 2 seconds', () => {
    const { result } = renderHook(() => useCountUp(1234));
    expect(result.current).toBe(0);
    act(() => {
      vi.advanceTimersByTime(COUNT_UP_DURATION_MS / 2);
    });
    expect(result.current).toBeGreaterThan(0);
    expect(result.current).toBeLessThan(1234);
    act(() => {
      vi.advanceTimersByTime(COUNT_UP_DURATION_MS / 2 + 50);
    });
    expect(result.current).toBe(1234);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(result.current).toBe(1234);
  });

  it('shows 0 for a zero target', () => {
    const { result } = renderHook(() => useCountUp(0));
    expect(result.current).toBe(0);
  });

  it('shows the target at once when the visitor prefers reduced motion', () => {
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({ matches: query.includes('reduce'), media: query })),
    );
    const { result } = renderHook(() => useCountUp(56));
    expect(result.current).toBe(56);
  });

  it('waits until its element is on screen before counting', () => {
    const observers: { callback: IntersectionObserverCallback; observed: Element[] }[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        observed: Element[] = [];
        constructor(readonly callback: IntersectionObserverCallback) {
          observers.push(this);
        }
        observe(element: Element) {
          this.observed.push(element);
        }
        disconnect() {
          this.observed = [];
        }
      },
    );
    const element = document.createElement('div');
    const ref = { current: element };
    const { result } = renderHook(() => useCountUp(1234, ref));
    act(() => {
      vi.advanceTimersByTime(COUNT_UP_DURATION_MS + 50);
    });
    expect(result.current).toBe(0);
    expect(observers[0]?.observed).toEqual([element]);

    const [observer] = observers;
    act(() => {
      observer?.callback(
        [{ isIntersecting: true, target: element } as unknown as IntersectionObserverEntry],
        observer as unknown as IntersectionObserver,
      );
    });
    expect(observer?.observed).toEqual([]);
    act(() => {
      vi.advanceTimersByTime(COUNT_UP_DURATION_MS / 2);
    });
    expect(result.current).toBeGreaterThan(0);
    expect(result.current).toBeLessThan(1234);
    act(() => {
      vi.advanceTimersByTime(COUNT_UP_DURATION_MS / 2 + 50);
    });
    expect(result.current).toBe(1234);
  });
});
