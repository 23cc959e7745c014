import { act, fireEvent, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useNearViewport } from './use-near-viewport';

interface FakeObserver {
  callback: IntersectionObserverCallback;
  options?: IntersectionObserverInit;
  observed: Element[];
}

let observers: FakeObserver[] = [];

function stubObserver() {
  observers = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      observed: Element[] = [];
      constructor(
        readonly callback: IntersectionObserverCallback,
        readonly options?: IntersectionObserverInit,
      ) {
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
}

function Probe() {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref);
  return <div ref={ref}>{near ? 'near' : 'far'}</div>;
}

describe('useNearViewport', () => {
  beforeEach(stubObserver);

  it('stays false while the element is far below the visible part of the page', () => {
    render(<Probe />);
    expect(screen.getByText('far')).toBeInTheDocument();
    const observer = observers[0]!;
    expect(observer.observed).toHaveLength(1);
    // A viewport's height of margin below: built a little before it is seen.
    expect(observer.options?.rootMargin).toBe('0px 0px 100% 0px');
    act(() => {
      observer.callback(
        [{ isIntersecting: false } as IntersectionObserverEntry],
        observer as unknown as IntersectionObserver,
      );
    });
    expect(screen.getByText('far')).toBeInTheDocument();
  });

  it('turns true when the element comes near, and stops watching', () => {
    render(<Probe />);
    const observer = observers[0]!;
    act(() => {
      observer.callback(
        [{ isIntersecting: true } as IntersectionObserverEntry],
        observer as unknown as IntersectionObserver,
      );
    });
    expect(screen.getByText('near')).toBeInTheDocument();
    expect(observer.observed).toEqual([]);
  });

  it('turns true when the visitor presses a key, before any scrolling', () => {
    render(<Probe />);
    fireEvent.keyDown(document.body, { key: 'Tab' });
    expect(screen.getByText('near')).toBeInTheDocument();
  });

  it('is true at once where the browser cannot tell', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<Probe />);
    expect(screen.getByText('near')).toBeInTheDocument();
  });
});
