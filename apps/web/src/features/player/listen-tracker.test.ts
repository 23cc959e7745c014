import { describe, expect, it } from 'vitest';
import { ListenTracker } from './listen-tracker';

function tracker() {
  const reports: { songId: string; startedAt: string; listenedSeconds: number }[] = [];
  const started = new Date('2026-11-30T10:00:00.000Z');
  const listens = new ListenTracker(
    (songId, startedAt, listenedSeconds) =>
      reports.push({ songId, startedAt: startedAt.toISOString(), listenedSeconds }),
    () => started,
  );
  /** Plays from `from` to `to` seconds in quarter-second time updates. */
  const play = (songId: string, from: number, to: number) => {
    for (let position = from; position <= to; position += 0.25) listens.progress(songId, position);
  };
  return { listens, reports, play };
}

describe('the listen tracker', () => {
  it('reports a song once half of it was heard, with when it started', () => {
    const { listens, reports, play } = tracker();
    listens.start({ _id: 'a', duration: 100 });
    play('a', 0, 49.75);
    expect(reports).toEqual([]);
    play('a', 50, 100);
    expect(reports).toEqual([
      { songId: 'a', startedAt: '2026-11-30T10:00:00.000Z', listenedSeconds: 50 },
    ]);
  });

  it('reports a long song after 4 minutes, not at its half', () => {
    const { listens, reports, play } = tracker();
    listens.start({ _id: 'long', duration: 1200 });
    play('long', 0, 239.75);
    expect(reports).toEqual([]);
    play('long', 240, 241);
    expect(reports.map((report) => report.listenedSeconds)).toEqual([240]);
  });

  it('counts nothing for seeking ahead, and never reports a song under 30 seconds', () => {
    const { listens, reports, play } = tracker();
    listens.start({ _id: 'a', duration: 100 });
    play('a', 0, 10);
    play('a', 90, 100);
    expect(reports).toEqual([]);
    listens.start({ _id: 'short', duration: 29 });
    play('short', 0, 29);
    expect(reports).toEqual([]);
  });

  it('takes each start as a listen of its own, and ignores another song’s progress', () => {
    const { listens, reports, play } = tracker();
    listens.start({ _id: 'a', duration: 60 });
    play('b', 0, 60);
    play('a', 0, 30);
    listens.start({ _id: 'a', duration: 60 });
    play('a', 0, 30);
    expect(reports.map((report) => report.songId)).toEqual(['a', 'a']);
  });
});
