import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDeferredMount } from './use-deferred-mount';

describe('useDeferredMount', () => {
  it('is false on the first render, then true in a later one', async () => {
    const seen: boolean[] = [];
    function Probe() {
      const mounted = useDeferredMount();
      seen.push(mounted);
      return mounted ? <p>rows</p> : <p>skeleton</p>;
    }
    render(<Probe />);
    expect(await screen.findByText('rows')).toBeInTheDocument();
    expect(seen[0]).toBe(false);
    expect(seen.at(-1)).toBe(true);
  });
});

describe('useDeferredMount(ready)', () => {
  it('stays false until ready, then turns true', async () => {
    function Probe({ ready }: { ready: boolean }) {
      return useDeferredMount(ready) ? <p>rows</p> : <p>skeleton</p>;
    }
    const view = render(<Probe ready={false} />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByText('skeleton')).toBeInTheDocument();
    view.rerender(<Probe ready />);
    expect(await screen.findByText('rows')).toBeInTheDocument();
  });
});
