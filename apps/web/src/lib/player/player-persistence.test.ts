import { describe, expect, it } from 'vitest';
import { makeSong } from '@/test/mock-api/factories';
import { snapshotText, type PlayerSnapshot } from './player-persistence';

const songs = ['1', '2', '3'].map((id) => makeSong(id));
const snapshot: PlayerSnapshot = {
  queue: songs,
  shuffle: true,
  repeat: false,
  volume: 0.5,
  muted: false,
  position: 12.5,
  nextUpCount: 1,
  source: { kind: 'album', label: 'Low Tide', path: '/album/low-tide' },
  history: [makeSong('0')],
};

describe('the stored snapshot', () => {
  it('is the snapshot’s JSON, written again the same after a reorder', () => {
    expect(JSON.parse(snapshotText(snapshot))).toEqual(JSON.parse(JSON.stringify(snapshot)));
    const reordered = { ...snapshot, queue: [songs[0]!, songs[2]!, songs[1]!] };
    expect(JSON.parse(snapshotText(reordered))).toEqual(JSON.parse(JSON.stringify(reordered)));
  });

  it('reads as a snapshot without a history or a source', () => {
    const plain = { ...snapshot, history: undefined, source: undefined, nextUpCount: undefined };
    expect(JSON.parse(snapshotText(plain))).toEqual(JSON.parse(JSON.stringify(plain)));
  });
});
