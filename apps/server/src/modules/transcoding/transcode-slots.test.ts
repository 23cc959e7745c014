import { describe, expect, it } from 'vitest';
import { TranscodeSlots } from './transcode-slots';

describe('transcoding slots', () => {
  it('gives out at most its limit, passes a freed slot to the next in line, times out, and counts', async () => {
    const slots = new TranscodeSlots(2);
    const first = await slots.acquire(0);
    const second = await slots.acquire(0);
    expect(first).not.toBeNull();
    expect(second).not.toBeNull();
    expect(slots.busy).toBe(2);

    const waiting = slots.acquire(60_000);
    expect(slots.queued).toBe(1);
    first?.();
    first?.(); // A second release of the same slot changes nothing.
    const third = await waiting;
    expect(third).not.toBeNull();
    expect(slots.busy).toBe(2);

    expect(await slots.acquire(1)).toBeNull();
    second?.();
    third?.();
    expect(slots.busy).toBe(0);
    expect(slots.queued).toBe(0);
    // What metrics tell: slots given (the one that waited too), and the request turned away.
    expect({ granted: slots.granted, refused: slots.refused }).toEqual({ granted: 3, refused: 1 });
  });
});
