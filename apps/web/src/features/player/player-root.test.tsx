import { render } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { PlayerRoot } from './player-root';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

it('makes the <audio> element once the page is idle, before any song is current', () => {
  vi.useFakeTimers();
  vi.stubGlobal('requestIdleCallback', undefined);
  const { container } = render(<PlayerRoot />);
  expect(container).toBeEmptyDOMElement();
  vi.advanceTimersByTime(2000);
  expect(document.querySelectorAll('audio[data-testid="player-audio"]')).toHaveLength(1);
});
