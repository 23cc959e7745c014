import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useResumeOffer } from '@/lib/player/bookmark-sync';
import { usePlayer } from '@/lib/player/player-store';
import { makeSong } from '@/test/mock-api/factories';
import { logIn, stubMediaElement } from '@/test/render-app';
import { ResumeOffer } from './resume-offer';

const audiobook = makeSong('1', { title: 'Chapter 7', duration: 2700 });

beforeEach(() => {
  stubMediaElement();
  logIn();
  usePlayer.getState().playFrom(audiobook, [audiobook]);
});
afterEach(() => {
  usePlayer.getState().reset();
  useResumeOffer.getState().setOffer(null);
});

describe('Resume a long track', () => {
  it('names the track and the place, and Resume plays on from there', async () => {
    const user = userEvent.setup();
    render(<ResumeOffer />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    act(() => useResumeOffer.getState().setOffer({ song: audiobook, positionMs: 754_000 }));
    expect(screen.getByRole('status')).toHaveTextContent('Resume Chapter 7 at 12:34');
    await user.click(screen.getByRole('button', { name: 'Resume' }));
    expect(usePlayer.getState().position).toBe(754);
    expect(useResumeOffer.getState().offer).toBeNull();
  });

  it('plays on from the top on Start over', async () => {
    const user = userEvent.setup();
    render(<ResumeOffer />);
    act(() => useResumeOffer.getState().setOffer({ song: audiobook, positionMs: 754_000 }));
    await user.click(screen.getByRole('button', { name: 'Start over' }));
    expect(useResumeOffer.getState().offer).toBeNull();
    expect(usePlayer.getState().position).toBe(0);
  });
});
