import { render, screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { Deferred } from './deferred';

describe('Deferred', () => {
  it('commits its fallback first, then its children in a later render', async () => {
    const committed: string[] = [];
    function Part({ name }: { name: string }) {
      useLayoutEffect(() => {
        committed.push(name);
      }, [name]);
      return <p>{name}</p>;
    }
    render(
      <>
        <Part name="head" />
        <Deferred fallback={<Part name="spinner" />}>
          <Part name="songs" />
        </Deferred>
      </>,
    );
    expect(await screen.findByText('songs')).toBeInTheDocument();
    expect(screen.queryByText('spinner')).not.toBeInTheDocument();
    expect(committed).toEqual(['head', 'spinner', 'songs']);
  });
});
