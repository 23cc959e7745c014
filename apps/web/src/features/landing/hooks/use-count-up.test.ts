import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COUNT_UP_DURATION_MS, useCountUp } from './use-count-up';

describe('useCountUp', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
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
});
