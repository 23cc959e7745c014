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
