import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportRequestReached } from '@/lib/network-status';
import { OFFLINE_MESSAGE, OfflineBanner } from './offline-banner';

function goOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the offline banner', () => {
  it('says so while the browser is offline, and goes when it is back', () => {
    render(<OfflineBanner />);
    const status = screen.getByRole('status');
    expect(status).toBeEmptyDOMElement();
    goOnline(false);
    expect(status).toHaveTextContent(OFFLINE_MESSAGE);
    goOnline(true);
    expect(status).toBeEmptyDOMElement();
  });

  it('shows while requests meet network errors, until one is answered', () => {
    render(<OfflineBanner />);
    const status = screen.getByRole('status');
    act(() => reportRequestReached(false));
    expect(status).toHaveTextContent(OFFLINE_MESSAGE);
    act(() => reportRequestReached(true));
    expect(status).toBeEmptyDOMElement();
  });
});
